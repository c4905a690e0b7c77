import { describe, expect, it } from 'vitest';
import type { ChatEvent } from './chat';
import { createChatStreamParser } from './chat-stream';

const frame = (e: ChatEvent) => `data: ${JSON.stringify(e)}\n\n`;
const hello: ChatEvent = { type: 'text', text: 'Hello' };
const end: ChatEvent = { type: 'end', status: 'completed' };

describe('chat stream parser', () => {
  it('returns the events of complete frames, in order', () => {
    const p = createChatStreamParser();
    expect(p.push(frame(hello) + frame({ type: 'reasoning', text: 'hm' }) + frame(end))).toEqual([hello, { type: 'reasoning', text: 'hm' }, end]);
  });

  it('joins a frame split across pieces, at any character', () => {
    const text = frame(hello) + frame(end);
    for (let cut = 1; cut < text.length; cut += 1) {
      const p = createChatStreamParser();
      expect([...p.push(text.slice(0, cut)), ...p.push(text.slice(cut))], `cut at ${cut}`).toEqual([hello, end]);
    }
  });

  it('reads CRLF and CR line breaks, also with the CRLF split between pieces', () => {
    const crlf = `data: ${JSON.stringify(hello)}\r\n\r\n`;
    expect(createChatStreamParser().push(crlf)).toEqual([hello]);
    expect(createChatStreamParser().push(`data: ${JSON.stringify(hello)}\r\r: ping\r`)).toEqual([hello]);
    const p = createChatStreamParser();
    expect(p.push(`data: ${JSON.stringify(hello)}\r`)).toEqual([]);
    expect(p.push('\n\r')).toEqual([]);
    expect(p.push('\n')).toEqual([hello]);
  });

  it('skips comment lines such as the keep-alive ping, and fields other than data', () => {
    const p = createChatStreamParser();
    expect(p.push(`: ping\n\nevent: message\nid: 7\n${frame(hello)}: ping\n\n`)).toEqual([hello]);
  });

  it('accepts data without the space after the colon, and joins multi-line data with a line feed', () => {
    const p = createChatStreamParser();
    expect(p.push(`data:{"type":"text",\ndata: "text":"a"}\n\n`)).toEqual([{ type: 'text', text: 'a' }]);
  });

  it('does not return a frame the stream has not finished', () => {
    const p = createChatStreamParser();
    expect(p.push(`data: ${JSON.stringify(hello)}\n`)).toEqual([]);
  });

  it('returns the payload as the contract parses it', () => {
    const p = createChatStreamParser();
    const usage = { type: 'usage', input_tokens: 3, output_tokens: 5, credits: 0.5, remaining_credit: 99, extra: true };
    expect(p.push(`data: ${JSON.stringify(usage)}\n\n`)).toEqual([{ type: 'usage', input_tokens: 3, output_tokens: 5, credits: 0.5, remaining_credit: 99 }]);
  });

  it('throws on a payload that is not JSON or not a chat event', () => {
    expect(() => createChatStreamParser().push('data: {oops\n\n')).toThrow(/not JSON/);
    expect(() => createChatStreamParser().push('data: {"type":"text"}\n\n')).toThrow(/not a chat event/);
    expect(() => createChatStreamParser().push('data: {"type":"end","status":"maybe"}\n\n')).toThrow(/not a chat event/);
  });
});
