import type { ToolCallRecord } from '@app/contracts/tools';
import { describe, expect, it } from 'vitest';
import { answerSegments, withToolEvent } from './tool-calls';

const call = (id: string, text_offset: number, over: Partial<ToolCallRecord> = {}): ToolCallRecord => ({
  id,
  step: 1,
  name: 'current_time',
  input: null,
  output: null,
  status: 'running',
  duration_ms: null,
  text_offset,
  files: [],
  ...over,
});

describe('tool call events', () => {
  it('opens a call running, then fills in its input and result', () => {
    let calls = withToolEvent([], { type: 'tool_call', id: 'a', step: 1, name: 'current_time', text_offset: 5 });
    expect(calls).toEqual([call('a', 5)]);
    calls = withToolEvent(calls, { type: 'tool_input', id: 'a', input: { tz: 'UTC' } });
    calls = withToolEvent(calls, { type: 'tool_result', id: 'a', status: 'done', output: '10:00', duration_ms: 12, files: [] });
    expect(calls).toEqual([call('a', 5, { input: { tz: 'UTC' }, status: 'done', output: '10:00', duration_ms: 12 })]);
  });

  it('does not open a call twice (a snapshot had it) and ignores events for unknown calls', () => {
    const known = [call('a', 0, { status: 'done', output: 'x' })];
    expect(withToolEvent(known, { type: 'tool_call', id: 'a', step: 1, name: 'current_time', text_offset: 0 })).toEqual(known);
    expect(withToolEvent(known, { type: 'tool_result', id: 'zz', status: 'error', output: 'boom', duration_ms: 1, files: [] })).toEqual(known);
  });
});

describe('answer segments', () => {
  it('puts each call where the text was when it was made', () => {
    const segs = answerSegments('Let me check. It is ten.', [call('a', 13)]);
    expect(segs.map((s) => (s.kind === 'text' ? s.text : s.calls.map((c) => c.id)))).toEqual(['Let me check.', ['a'], ' It is ten.']);
  });

  it('groups calls made at one point, and a call at the start or past the text shown', () => {
    const segs = answerSegments('Hi', [call('b', 0), call('c', 0), call('d', 50)]);
    expect(segs.map((s) => (s.kind === 'text' ? s.text : s.calls.map((c) => c.id)))).toEqual([['b', 'c'], 'Hi', ['d']]);
  });

  it('is the text alone without calls', () => {
    expect(answerSegments('Plain', [])).toEqual([{ kind: 'text', key: 't0', text: 'Plain' }]);
    expect(answerSegments('', [])).toEqual([]);
  });
});
