import type { HistoryMessage } from '@app/contracts/sessions';
import { describe, expect, it } from 'vitest';
import { contextTokens } from './context-estimate';

const msg = (speaker: HistoryMessage['speaker_type'], text: string, input = 0, output = 0): HistoryMessage => ({
  id: 1,
  created_at: '2026-01-01T00:00:00Z',
  text,
  reasoning: null,
  speaker_type: speaker,
  status: 'completed',
  llm_model_id: 1,
  credits: 0,
  input_tokens: input,
  output_tokens: output,
  files: [],
  sources: [],
  tool_calls: [],
  notice: null,
});

describe('context usage estimate', () => {
  it('starts from the last answer the server counted: its prompt held retrieved text the page never saw', () => {
    // The answer's prompt was 5,000 tokens (a knowledge excerpt, attachments) though its text is short.
    const rows = [msg('member', 'What does the handbook say?'), msg('chatbot', 'It says to rest.', 5000, 6)];
    expect(contextTokens(rows, 0, 0)).toBe(5006);
    // The draft and its attachments come on top.
    expect(contextTokens(rows, 40, 800)).toBe(5006 + 10 + 800);
  });
  it('adds what came after the last counted answer, estimated', () => {
    const rows = [msg('member', 'q1'), msg('chatbot', 'a1', 100, 20), msg('member', 'x'.repeat(400)), msg('chatbot', 'stopped early')];
    expect(contextTokens(rows, 0, 0)).toBe(120 + Math.ceil((400 + 'stopped early'.length) / 4));
  });
  it('estimates from the text alone when no answer was counted', () => {
    expect(contextTokens([msg('member', 'x'.repeat(80)), msg('chatbot', 'y'.repeat(20))], 4, 0)).toBe(26);
    expect(contextTokens([], 0, 0)).toBe(0);
  });
});
