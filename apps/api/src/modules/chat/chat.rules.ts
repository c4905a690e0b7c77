import { COST_SCALE, UNITS_PER_CREDIT } from '../credits/credits.rules';

/** The chat's pure rules: the numbers its phases and other modules share. */

/** Rough token estimate (≈4 characters a token) for limits and for answers cut before usage arrives. */
export const CHARS_PER_TOKEN = 4;
export const estimateTokens = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);

/** Images made for one question, and their size (what the OpenAI-compatible images APIs take). */
export const IMAGES_PER_ANSWER = 1;
export const IMAGE_SIZE = '1024x1024' as const;

/** Credits of `count` images of a model: `imageCostE4` is credits per image × 10^4. */
export function imageCostUnits(model: { imageCostE4: bigint }, count: number): bigint {
  return BigInt(count) * model.imageCostE4 * (UNITS_PER_CREDIT / BigInt(COST_SCALE));
}
