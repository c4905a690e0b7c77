import { periodStart } from '../credits/credits.rules';
import type { UsageCharge } from '../credits/credits.service';
import { estimateTokens, imageCostUnits } from './chat.rules';
import type { AgentProgress, ChatRun } from './chat.types';
import type { PendingCharge } from '../sessions/sessions.statements';

/**
 * An answer's charge, the ledger row its close writes: the tokens — the provider's report, else
 * estimated (the prompt's estimate in, 4 characters of text and reasoning a token out) — priced at
 * the model's costs, plus the masking and web searches (charged whatever became of the answer) and
 * the images stored — an image model's own, or those its `generate_image` calls made (priced at the
 * image model's cost when they were made). An answer the model never answered (`answered` false) costs no tokens.
 */
export function answerCharge(
  run: ChatRun,
  answer: { text: string; reasoning: string },
  reported: { input?: number; output?: number },
  imageCount: number,
  answered: boolean,
): UsageCharge {
  const { model } = run;
  const inputTokens = reported.input ?? run.inputEstimate;
  const outputTokens = reported.output ?? estimateTokens(answer.reasoning + answer.text);
  const inputUnits = answered ? BigInt(inputTokens) * model.inputCostE4 : 0n;
  const outputUnits = answered ? BigInt(outputTokens) * model.outputCostE4 : 0n;
  const imageUnits = (imageCount > 0 ? imageCostUnits(model, imageCount) : 0n) + run.toolImageUnits;
  return {
    memberId: run.ctx.member.id,
    memberGroupId: run.admission.groupId,
    llmModelId: model.id,
    sessionId: run.sessionId,
    messageId: run.assistantMessageId,
    inputTokens,
    outputTokens,
    units: inputUnits + outputUnits + run.extraUnits + run.webSearchUnits + imageUnits,
    inputUnits,
    outputUnits,
    maskingUnits: run.extraUnits,
    webSearchCount: run.webSearchCount,
    webSearchUnits: run.webSearchUnits,
    imageCount: imageCount + run.toolImageCount,
    imageUnits,
    reservationId: run.admission.reservationId(),
  };
}

/**
 * What an open answer would be charged if it ended now, written with its text at each flush: a
 * crash's recovery charges it (decision 046). The running token counts are estimates — upstreams
 * report usage only at the end — made as the close makes them for an answer cut short.
 */
export function pendingCharge(run: ChatRun, answer: { text: string; reasoning: string; agent: AgentProgress | null }, at: Date): PendingCharge {
  // An answer with tools: its steps' tokens so far, and the current step's text estimated (decision 050).
  const a = answer.agent;
  const reported = a ? { input: a.tokens.input, output: a.tokens.output + estimateTokens(answer.text.slice(a.stepTextStart)) } : {};
  return { period: periodStart(at, run.ctx.tenant.billingDay), chatbotId: run.chatbotId, charge: answerCharge(run, answer, reported, 0, true) };
}
