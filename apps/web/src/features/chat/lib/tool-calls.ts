import type { ChatEvent } from '@app/contracts/chat';
import type { ToolCallRecord } from '@app/contracts/tools';

/** The stream events that change an answer's tool calls (decision 050). */
export type ToolEvent = Extract<ChatEvent, { type: 'tool_call' | 'tool_input' | 'tool_result' }>;

export const isToolEvent = (e: ChatEvent): e is ToolEvent => e.type === 'tool_call' || e.type === 'tool_input' || e.type === 'tool_result';

/**
 * An answer's tool calls with one stream event applied: a call opens running, its arguments and
 * then its result fill it in. A call already known (a snapshot gave it) is not opened twice; an
 * event for an unknown call changes nothing.
 */
export function withToolEvent(calls: readonly ToolCallRecord[], e: ToolEvent): ToolCallRecord[] {
  if (e.type === 'tool_call') {
    if (calls.some((c) => c.id === e.id)) return [...calls];
    return [...calls, { id: e.id, step: e.step, name: e.name, input: null, output: null, status: 'running', duration_ms: null, text_offset: e.text_offset, files: [] }];
  }
  return calls.map((c) => {
    if (c.id !== e.id) return c;
    if (e.type === 'tool_input') return { ...c, input: e.input };
    return { ...c, status: e.status, output: e.output, duration_ms: e.duration_ms, files: e.files };
  });
}

/** A piece of an answer as it shows: text, or the tool calls made at that point of it. */
export type AnswerSegment = { kind: 'text'; key: string; text: string } | { kind: 'tools'; key: string; calls: ToolCallRecord[] };

/**
 * The answer's text cut where its tool calls were made (each call's `text_offset`): text before,
 * the cards, text after. Calls made at the same point show together. An offset past the text shown
 * so far (the text is released smoothly, the call came at once) puts the card at its end.
 */
export function answerSegments(text: string, calls: readonly ToolCallRecord[]): AnswerSegment[] {
  const out: AnswerSegment[] = [];
  let at = 0;
  const sorted = [...calls].sort((a, b) => a.text_offset - b.text_offset);
  for (const call of sorted) {
    const cut = Math.min(Math.max(call.text_offset, at), text.length);
    if (cut > at) out.push({ kind: 'text', key: `t${at}`, text: text.slice(at, cut) });
    at = cut;
    const last = out.at(-1);
    if (last?.kind === 'tools') last.calls.push(call);
    else out.push({ kind: 'tools', key: `c${call.id}`, calls: [call] });
  }
  if (at < text.length) out.push({ kind: 'text', key: `t${at}`, text: text.slice(at) });
  return out;
}
