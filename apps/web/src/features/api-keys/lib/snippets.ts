/** The examples' languages, as the tabs list them. */
export const SNIPPET_LANGUAGES = ['curl', 'python', 'javascript'] as const;
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number];

/** Where the examples read the secret from: the secret itself never goes into a page's code. */
export const KEY_VARIABLE = 'CHATBOT_API_KEY';

export interface SnippetInput {
  /** The OpenAI-compatible base URL, e.g. `https://acme.example.com/v1`. */
  baseUrl: string;
  /** A chatbot's `hash_id`, the model id `GET /v1/models` lists. */
  model: string;
  /** The user's message in the example. */
  prompt: string;
  stream: boolean;
}

/** The OpenAI-compatible API's base URL on this site (the tenant's own host). */
export const apiBaseUrl = (origin: string) => `${origin.replace(/\/+$/, '')}/v1`;

/** A string in single quotes for a POSIX shell: a quote inside ends, escapes and reopens it. */
export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A JavaScript single-quoted string literal. */
const jsString = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;

/** A Python string literal: JSON's double-quoted strings and escapes are Python's too. */
const pyString = (s: string) => JSON.stringify(s);

function curl({ baseUrl, model, prompt, stream }: SnippetInput): string {
  const body = JSON.stringify({ model, messages: [{ role: 'user', content: prompt }], ...(stream ? { stream: true } : {}) }, null, 2);
  return [
    `curl ${stream ? '-N ' : ''}${baseUrl}/chat/completions \\`,
    `  -H "Authorization: Bearer $${KEY_VARIABLE}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d ${shellQuote(body)}`,
  ].join('\n');
}

function python({ baseUrl, model, prompt, stream }: SnippetInput): string {
  const head = [
    'import os',
    'from openai import OpenAI',
    '',
    `client = OpenAI(base_url=${pyString(baseUrl)}, api_key=os.environ[${pyString(KEY_VARIABLE)}])`,
    '',
  ];
  const call = (name: string) => [
    `${name} = client.chat.completions.create(`,
    `    model=${pyString(model)},`,
    `    messages=[{"role": "user", "content": ${pyString(prompt)}}],`,
    ...(stream ? ['    stream=True,'] : []),
    ')',
  ];
  const tail = stream
    ? ['for chunk in stream:', '    if chunk.choices and chunk.choices[0].delta.content:', '        print(chunk.choices[0].delta.content, end="", flush=True)', 'print()']
    : ['print(completion.choices[0].message.content)'];
  return [...head, ...call(stream ? 'stream' : 'completion'), ...tail].join('\n');
}

function javascript({ baseUrl, model, prompt, stream }: SnippetInput): string {
  const head = ["import OpenAI from 'openai';", '', `const client = new OpenAI({ baseURL: ${jsString(baseUrl)}, apiKey: process.env.${KEY_VARIABLE} });`, ''];
  const call = (name: string) => [
    `const ${name} = await client.chat.completions.create({`,
    `  model: ${jsString(model)},`,
    `  messages: [{ role: 'user', content: ${jsString(prompt)} }],`,
    ...(stream ? ['  stream: true,'] : []),
    '});',
  ];
  const tail = stream
    ? ['for await (const chunk of stream) {', "  process.stdout.write(chunk.choices[0]?.delta?.content ?? '');", '}']
    : ['console.log(completion.choices[0].message.content);'];
  return [...head, ...call(stream ? 'stream' : 'completion'), ...tail].join('\n');
}

const BUILDERS: Record<SnippetLanguage, (i: SnippetInput) => string> = { curl, python, javascript };

/** One example, ready to copy and run once `CHATBOT_API_KEY` holds a key's secret. */
export const buildSnippet = (language: SnippetLanguage, input: SnippetInput) => BUILDERS[language](input);
