import type { ChatEvent } from '@app/contracts/chat';
import { periodStart, unitsToDisplay, unitsToExact, usageUnits } from '../credits/credits.rules';
import type { ChatRun } from './chat.open';
import { type ChatDeps, estimateTokens } from './chat.prepare';
import type { AnswerRelay } from './chat.stream';
import type { createAnswerCloser } from './turn-writer';

/**
 * Phase 4: the answer's final row, its charge to the ledger and the chatbot's counters — three
 * modules' statements run as one unit, batched with the other answers closing at the same time
 * (turn-writer.ts). Then the `usage` and `end` events, unless the client left.
 */
export async function closeChat(
  deps: Pick<ChatDeps, 'credits'>,
  closeAnswer: ReturnType<typeof createAnswerCloser>,
  run: ChatRun,
  relay: AnswerRelay,
  signal: AbortSignal,
  emit: (e: ChatEvent) => void,
): Promise<void> {
  const { ctx, model } = run;
  const { text, reasoning } = relay.answer;
  const { reported } = relay;
  const status = signal.aborted ? 'stopped' : relay.status;

  // Without a usage report (stopped, failed) the tokens sent and received are estimated.
  const inputTokens = reported.input ?? run.inputEstimate;
  const outputTokens = reported.output ?? estimateTokens(reasoning + text);
  // The masking cost is for the question, charged whatever became of the answer.
  const units = (status === 'failed' && !text ? 0n : usageUnits(inputTokens, outputTokens, model.inputCostE4, model.outputCostE4)) + run.extraUnits;
  const period = periodStart();
  const totals = await closeAnswer({
    tenantId: ctx.tenantId,
    period,
    answer: { id: run.assistantMessageId, text, reasoning: relay.answer.storedReasoning, status, inputTokens, outputTokens, units },
    charge: {
      memberId: ctx.member.id,
      memberGroupId: ctx.member.defaultMemberGroupId,
      llmModelId: model.id,
      sessionId: run.sessionId,
      messageId: run.assistantMessageId,
      inputTokens,
      outputTokens,
      units,
    },
    chatbotId: run.chatbotId,
  });
  const { remainingUnits } = deps.credits.settle(ctx.tenantId, ctx.member.id, period, run.quotaUnits, totals);
  if (signal.aborted) return;
  emit({
    type: 'usage',
    input_tokens: inputTokens,
    output_tokens: outputTokens,
    credits: unitsToExact(units),
    remaining_credit: unitsToDisplay(remainingUnits),
  });
  emit({ type: 'end', status });
}
