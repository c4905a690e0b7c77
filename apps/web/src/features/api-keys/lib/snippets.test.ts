import { describe, expect, it } from 'vitest';
import { apiBaseUrl, buildSnippet, KEY_VARIABLE, shellQuote } from './snippets';

const base = { baseUrl: 'https://acme.example.com/v1', model: 'cb_Ab12', prompt: 'Hello!' };

describe('examples', () => {
  it('the base URL is the site plus /v1', () => {
    expect(apiBaseUrl('https://acme.example.com')).toBe('https://acme.example.com/v1');
    expect(apiBaseUrl('http://localhost:3100/')).toBe('http://localhost:3100/v1');
  });

  it('curl posts JSON the API reads, with the key from the environment', () => {
    const plain = buildSnippet('curl', { ...base, stream: false });
    expect(plain).toContain('curl https://acme.example.com/v1/chat/completions \\');
    expect(plain).toContain(`-H "Authorization: Bearer $${KEY_VARIABLE}"`);
    const json = /-d '([\s\S]*)'$/.exec(plain)![1]!;
    expect(JSON.parse(json)).toEqual({ model: 'cb_Ab12', messages: [{ role: 'user', content: 'Hello!' }] });
    const stream = buildSnippet('curl', { ...base, stream: true });
    expect(stream).toMatch(/^curl -N /);
    expect(JSON.parse(/-d '([\s\S]*)'$/.exec(stream)![1]!)).toMatchObject({ stream: true });
  });

  it('a quote in the prompt stays inside the shell string', () => {
    expect(shellQuote(`it's`)).toBe(`'it'\\''s'`);
    expect(buildSnippet('curl', { ...base, prompt: `What's up?`, stream: false })).toContain(`"content": "What'\\''s up?"`);
  });

  it('Python uses the official SDK with the base URL and model', () => {
    const plain = buildSnippet('python', { ...base, stream: false });
    expect(plain).toContain('from openai import OpenAI');
    expect(plain).toContain(`client = OpenAI(base_url="https://acme.example.com/v1", api_key=os.environ["${KEY_VARIABLE}"])`);
    expect(plain).toContain('model="cb_Ab12",');
    expect(plain).toContain('print(completion.choices[0].message.content)');
    expect(plain).not.toContain('stream=True');
    const stream = buildSnippet('python', { ...base, prompt: 'Say "hi"', stream: true });
    expect(stream).toContain('stream=True,');
    expect(stream).toContain('for chunk in stream:');
    expect(stream).toContain('"content": "Say \\"hi\\""');
  });

  it('JavaScript uses the official SDK with the base URL and model', () => {
    const plain = buildSnippet('javascript', { ...base, stream: false });
    expect(plain).toContain("import OpenAI from 'openai';");
    expect(plain).toContain(`new OpenAI({ baseURL: 'https://acme.example.com/v1', apiKey: process.env.${KEY_VARIABLE} })`);
    expect(plain).toContain("model: 'cb_Ab12',");
    expect(plain).toContain('console.log(completion.choices[0].message.content);');
    const stream = buildSnippet('javascript', { ...base, prompt: "it's", stream: true });
    expect(stream).toContain('stream: true,');
    expect(stream).toContain('for await (const chunk of stream)');
    expect(stream).toContain("content: 'it\\'s'");
  });
});
