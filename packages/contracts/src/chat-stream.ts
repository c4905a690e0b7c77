import { type ChatEvent, chatEventSchema } from './chat';

export interface ChatStreamParser {
  /** Takes the next piece of decoded text; returns the events of the frames it completed. */
  push(text: string): ChatEvent[];
}

/**
 * Reads the chat stream (`POST /chatbots/{id}/chat/`): server-sent events whose `data:` lines
 * carry one JSON `ChatEvent` per frame, frames ending at a blank line. Pieces may end anywhere,
 * even between the CR and LF of one line break. Comment lines (`: ping`) and other fields are
 * skipped; a frame the stream ends in the middle of is never complete, so never returned. A
 * payload that is not a ChatEvent throws: the server writes every event through this contract.
 */
export function createChatStreamParser(): ChatStreamParser {
  let pending = '';
  let data: string[] = [];

  const endFrame = (out: ChatEvent[]) => {
    if (data.length === 0) return;
    const payload = data.join('\n');
    data = [];
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {
      throw new Error(`chat stream: a data payload is not JSON: ${payload.slice(0, 200)}`);
    }
    const parsed = chatEventSchema.safeParse(json);
    if (!parsed.success) throw new Error(`chat stream: not a chat event: ${payload.slice(0, 200)}`);
    out.push(parsed.data);
  };

  const readLine = (line: string, out: ChatEvent[]) => {
    if (line === '') return endFrame(out);
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    const value = colon < 0 ? '' : line.slice(colon + 1);
    data.push(value.startsWith(' ') ? value.slice(1) : value);
  };

  return {
    push(text) {
      const out: ChatEvent[] = [];
      pending += text;
      const lineBreak = /\r\n|\r|\n/g;
      let start = 0;
      for (let m = lineBreak.exec(pending); m; m = lineBreak.exec(pending)) {
        // A CR that ends the text may be the first half of a CRLF: wait for the next piece.
        if (m[0] === '\r' && m.index === pending.length - 1) break;
        readLine(pending.slice(start, m.index), out);
        start = m.index + m[0].length;
      }
      pending = pending.slice(start);
      return out;
    },
  };
}
