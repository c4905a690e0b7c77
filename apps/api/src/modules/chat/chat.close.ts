import type { ChatEvent } from '@app/contracts/chat';
import { periodStart, unitsToDisplay, unitsToExact } from '../credits/credits.rules';
import { recordFirstToken, recordTokens, recordUpstreamError } from '../../platform/metrics';
import { answerCharge } from './chat.charge';
import type { ChatRun } from './chat.types';
import type { ChatDeps, OutputEstimates } from './chat.prepare';
import type { AnswerRelay } from './chat.stream';
import type { createAnswerCloser } from './turn-writer';

/** Signals of answers a shutdown stopped (chat.service `drain`): kept as `interrupted`, not `stopped` (decision 040). */
const interruptedSignals = new WeakSet<AbortSignal>();

/** Stops an answer because the server shuts down: it closes as `interrupted`, its readers told so. */
export function interruptAnswer(controller: AbortController): void {
  interruptedSignals.add(controller.signal);
  controller.abort();
}

/**
 * Phase 4: the answer's final row, its charge to the ledger and the chatbot's counters — three
 * modules' statements run as one unit, batched with the other answers closing at the same time
 * (turn-writer.ts). Then the `usage` and `end` events, unless the client left.
 */
export async function closeChat(
  deps: Pick<ChatDeps, 'credits'>,
  outputs: OutputEstimates,
  closeAnswer: ReturnType<typeof createAnswerCloser>,
  run: ChatRun,
  relay: AnswerRelay,
  signal: AbortSignal,
  emit: (e: ChatEvent) => void,
  /** A live answer's readers stay when it is stopped and are told how it ended; otherwise a stop means the reader left. */
  readersStay = false,
): Promise<void> {
  const { ctx, model } = run;
  const { text } = relay.answer;
  const { reported } = relay;
  const status = signal.aborted ? (interruptedSignals.has(signal) ? 'interrupted' : 'stopped') : relay.status;

  // An answer that failed before the model answered costs nothing but the masking, charged for the
  // question whatever became of the answer; without a usage report (stopped, failed) the tokens are estimated.
  // An answer with tools that called some before failing was answered: its steps cost tokens.
  const answered = !(status === 'failed' && !text && !relay.answer.agent?.toolCalls.length);
  const charge = answerCharge(run, relay.answer, reported, relay.imageCount, answered);
  const { inputTokens, outputTokens, units } = charge;
  observeAnswer(run, relay, status, inputTokens, outputTokens);
  // An answer with tools sums several requests: it would skew the estimate of one answer's output.
  if (answered && reported.output !== undefined && !relay.answer.agent) outputs.record(model.id, outputTokens);
  const period = periodStart(new Date(), ctx.tenant.billingDay);
  let totals;
  try {
    totals = await closeAnswer({
      tenantId: ctx.tenantId,
      period,
      answer: {
        id: run.assistantMessageId,
        text,
        reasoning: relay.answer.storedReasoning,
        status,
        inputTokens,
        outputTokens,
        units,
        // An answer with tools (decision 050) writes its calls, sources and notice; the text path, nothing more.
        ...(relay.answer.agent && { agent: { toolCalls: relay.answer.agent.toolCalls, sources: relay.answer.agent.sources, notice: relay.answer.agent.notice } }),
      },
      charge,
      chatbotId: run.chatbotId,
    });
  } catch (err) {
    run.admission.release();
    throw err;
  }
  const { remainingUnits } = deps.credits.settle(ctx.tenantId, ctx.member.id, run.admission, period, totals);
  if (signal.aborted && !readersStay) return;
  emit({
    type: 'usage',
    input_tokens: inputTokens,
    output_tokens: outputTokens,
    credits: unitsToExact(units),
    remaining_credit: unitsToDisplay(remainingUnits),
  });
  emit({ type: 'end', status });
}

/** The answer's metrics and model span (decision 052), once at its close: nothing was recorded per token. */
function observeAnswer(run: ChatRun, relay: AnswerRelay, status: string, inputTokens: number, outputTokens: number): void {
  const { provider, modelName } = run.model;
  if (relay.firstTokenAt > 0) recordFirstToken(provider, modelName, relay.firstTokenAt - run.sentAt);
  if (status === 'failed') recordUpstreamError(provider, modelName, relay.firstTokenAt > 0 ? 'stream_error' : 'request_failed');
  recordTokens(provider, modelName, inputTokens, outputTokens, relay.firstTokenAt > 0 ? performance.now() - relay.firstTokenAt : undefined, run.ctx.tenantId);
  run.modelSpan?.end({ inputTokens, outputTokens, finishReason: status }, status === 'failed' ? new Error('model_failed') : undefined);
}
