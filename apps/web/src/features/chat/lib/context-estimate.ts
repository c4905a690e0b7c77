import type { HistoryMessage } from '@app/contracts/sessions';

/** About four characters a token: the estimate for text no model has counted yet. */
export const tokensOfText = (chars: number) => Math.ceil(chars / 4);

/**
 * How much of the model's context the next question would fill (spec §2 context usage indicator):
 * what the last answer's model was given and wrote, as the server counted it (the history, the
 * attachments, the retrieved document text and search results of that turn), plus the questions
 * and answers after it and the draft with its attachments, estimated. A session whose answers
 * carry no counts (stopped before the model said) is estimated from its text alone.
 */
export function contextTokens(rows: readonly HistoryMessage[], draftChars: number, attachedTokens: number): number {
  let counted = 0;
  let after = 0;
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i]!;
    if (r.speaker_type === 'chatbot' && r.input_tokens > 0) {
      counted = r.input_tokens + r.output_tokens;
      break;
    }
    after += r.text.length;
  }
  const uncounted = counted > 0 ? after : rows.reduce((n, r) => n + r.text.length, 0);
  return counted + tokensOfText(uncounted + draftChars) + attachedTokens;
}
