import { describe, expect, it } from 'vitest';
import { chatbotName, publicLink } from './names';

describe('names', () => {
  it('uses the interface language, then the other one, then nothing', () => {
    const both = { ko_name: '도우미', en_name: 'Helper' };
    expect(chatbotName(both, 'ko')).toBe('도우미');
    expect(chatbotName(both, 'en')).toBe('Helper');
    expect(chatbotName(both, 'ja')).toBe('Helper');
    expect(chatbotName({ ko_name: '도우미', en_name: ' ' }, 'en')).toBe('도우미');
    expect(chatbotName({ ko_name: '', en_name: '' }, 'ko')).toBe('');
  });

  it('builds the public link', () => {
    expect(publicLink('https://acme.example.com', 'abc123')).toBe('https://acme.example.com/public/chatbots/abc123');
  });
});
