import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { LlmRegistry } from '../../integrations/models/index';
import type { ModelRef } from '../../integrations/models/types';
import type { MemberContext } from '../../platform/context';
import type { LlmModelsService } from '../llm-models/llm-models.service';

/** Spec-free but kept short: the title fits one row of My sessions (264 px). */
export const TITLE_MAX = 50;
/** Each of the question and the answer is cut to this many characters for the title prompt. */
const EXCERPT_CHARS = 2000;
const TITLE_TIMEOUT_MS = 20_000;

const LANGUAGE_NAMES: Record<string, string> = { ko: 'Korean', en: 'English', zh: 'Chinese', ja: 'Japanese', es: 'Spanish' };

/** What a generated title needs of the other modules: the models a member may use and the provider registry. */
export interface TitleDeps {
  models: Pick<LlmModelsService, 'enabledModel' | 'isUsableBy' | 'list'>;
  registry: Pick<LlmRegistry, 'model'>;
  log?: (line: string) => void;
}

/** The prompt: the first question and answer, the member's language named in the instruction. */
export function titlePrompt(language: string, question: string, answer: string): LanguageModelV3Prompt {
  const lang = LANGUAGE_NAMES[language] ?? 'Korean';
  return [
    {
      role: 'system',
      content:
        `You name conversations. Reply with a short title (at most ${TITLE_MAX} characters) in ${lang} ` +
        'for the conversation below: the title only, no quotes, no final period, no explanation.',
    },
    {
      role: 'user',
      content: [{ type: 'text', text: `Question:\n${question.slice(0, EXCERPT_CHARS)}\n\nAnswer:\n${answer.slice(0, EXCERPT_CHARS)}` }],
    },
  ];
}

/** The model's reply made a title: its first non-empty line, without quotes or markdown, at most 50 characters. */
export function cleanTitle(raw: string): string {
  const line = raw
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '') ?? '';
  const text = line
    .replace(/^(title|제목)\s*[:：]\s*/i, '')
    .replace(/^[#*\s]+|[*\s]+$/g, '')
    // Inline emphasis and code marks anywhere (`The **quick** fox` → `The quick fox`).
    .replace(/\*\*|__|~~|`/g, '')
    .replace(/^["'“”‘’「『]+|["'“”‘’」』]+$/g, '')
    .replace(/[.。]$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...text];
  if (chars.length <= TITLE_MAX) return text;
  const cut = chars.slice(0, TITLE_MAX - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > 25 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The model for a title: the one that gave the session's first answer while the member may still
 * use it, else the tenant's cheapest model the member may use (input plus output cost per 10K).
 */
async function titleModel(ctx: MemberContext, deps: TitleDeps, answerModelId: number | null): Promise<ModelRef | null> {
  if (answerModelId !== null) {
    const m = await deps.models.enabledModel(ctx, answerModelId).catch(() => null);
    if (m && (await deps.models.isUsableBy(ctx, m))) return { provider: m.provider, modelName: m.modelName };
  }
  const usable = (await deps.models.list(ctx)).items.filter((m) => m.is_available);
  usable.sort((a, b) => a.input_cost_per_10k + a.output_cost_per_10k - (b.input_cost_per_10k + b.output_cost_per_10k) || a.id - b.id);
  const cheapest = usable[0];
  return cheapest ? { provider: cheapest.provider, modelName: cheapest.model_name } : null;
}

/**
 * Asks a model for the session's title (decision 036). Null when no model can be asked (none
 * usable, the offline demo model, a provider error or an empty reply): the caller falls back to
 * the title derived from the question. Not charged: a title costs a few dozen tokens.
 */
export async function generateTitle(
  ctx: MemberContext,
  deps: TitleDeps,
  turn: { question: string; answer: string; answerModelId: number | null },
): Promise<string | null> {
  const ref = await titleModel(ctx, deps, turn.answerModelId);
  if (!ref || ref.provider === 'offline') return null;
  try {
    const result = await deps.registry.model(ref).doGenerate({
      prompt: titlePrompt(ctx.member.language, turn.question, turn.answer),
      maxOutputTokens: 60,
      abortSignal: AbortSignal.timeout(TITLE_TIMEOUT_MS),
    });
    const text = result.content.map((p) => (p.type === 'text' ? p.text : '')).join('');
    return cleanTitle(text) || null;
  } catch (err) {
    deps.log?.(`session title: ${ref.provider}/${ref.modelName} failed: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
}
