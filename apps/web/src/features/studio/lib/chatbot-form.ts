import { type Chatbot, CHATBOT_LIMITS, updateChatbotBody, type UpdateChatbotBody } from '@app/contracts/chatbots';
import { BUILTIN_TOOLS, type BuiltinTool, TOOL_LIMITS } from '@app/contracts/tools';

/** The editor's fields. Numbers are '' while their input is empty; the model and categories are Select values (strings). */
export interface ChatbotFormValues {
  ko_name: string;
  en_name: string;
  ko_key_features: string;
  en_key_features: string;
  system_instructions: string;
  llm_model_id: string | null;
  temperature: number | string;
  top_p: number | string;
  category_ids: string[];
  /** The built-in tools switched on, in the platform's order. */
  tools: BuiltinTool[];
  max_tool_steps: number | string;
}
export type ChatbotField = keyof ChatbotFormValues;

export function chatbotFormValues(c: Chatbot): ChatbotFormValues {
  return {
    ko_name: c.ko_name,
    en_name: c.en_name,
    ko_key_features: c.ko_key_features,
    en_key_features: c.en_key_features,
    system_instructions: c.system_instructions,
    llm_model_id: String(c.llm_model.id),
    temperature: c.temperature,
    top_p: c.top_p,
    category_ids: c.categories.map((x) => String(x.id)),
    tools: BUILTIN_TOOLS.filter((x) => c.tools.includes(x)),
    max_tool_steps: c.max_tool_steps,
  };
}

/**
 * The saved chatbot changed outside the form (publishing set its category, a refetch brought
 * another tab's save): fields the member has not edited follow it, edited ones stay as typed.
 */
export function rebaseFormValues(values: ChatbotFormValues, oldBase: ChatbotFormValues, newBase: ChatbotFormValues): ChatbotFormValues {
  const out = { ...values };
  for (const f of Object.keys(newBase) as ChatbotField[]) {
    if (JSON.stringify(values[f]) === JSON.stringify(oldBase[f])) (out as Record<ChatbotField, unknown>)[f] = newBase[f];
  }
  return out;
}

/** An empty number input is no number (not 0). */
const num = (v: number | string) => (v === '' ? Number.NaN : Number(v));
const sameSet = (a: number[], b: number[]) => a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

/** Only what differs from the saved chatbot (names and features as they will be stored: trimmed). */
export function chatbotPatch(v: ChatbotFormValues, c: Chatbot): UpdateChatbotBody {
  const body: UpdateChatbotBody = {};
  for (const f of ['ko_name', 'en_name', 'ko_key_features', 'en_key_features'] as const) {
    if (v[f].trim() !== c[f]) body[f] = v[f].trim();
  }
  if (v.system_instructions !== c.system_instructions) body.system_instructions = v.system_instructions;
  if (v.llm_model_id !== null && Number(v.llm_model_id) !== c.llm_model.id) body.llm_model_id = Number(v.llm_model_id);
  const temperature = num(v.temperature);
  if (temperature !== c.temperature) body.temperature = temperature;
  const topP = num(v.top_p);
  if (topP !== c.top_p) body.top_p = topP;
  const categories = v.category_ids.map(Number);
  if (!sameSet(categories, c.categories.map((x) => x.id))) body.category_ids = categories;
  if (v.tools.length !== c.tools.length || v.tools.some((x) => !c.tools.includes(x))) body.tools = v.tools;
  const steps = num(v.max_tool_steps);
  if (steps !== c.max_tool_steps) body.max_tool_steps = steps;
  return body;
}

/** A message of the studio namespace with its values. */
export interface FieldError {
  key: string;
  values?: Record<string, number>;
}

const bodyField: Partial<Record<keyof UpdateChatbotBody, ChatbotField>> = {
  ko_name: 'ko_name',
  en_name: 'en_name',
  ko_key_features: 'ko_key_features',
  en_key_features: 'en_key_features',
  system_instructions: 'system_instructions',
  llm_model_id: 'llm_model_id',
  temperature: 'temperature',
  top_p: 'top_p',
  category_ids: 'category_ids',
  tools: 'tools',
  max_tool_steps: 'max_tool_steps',
};

function messageFor(field: ChatbotField, code: string): FieldError {
  switch (field) {
    case 'ko_name':
    case 'en_name':
      return code === 'too_small' ? { key: 'form.errors.nameRequired' } : { key: 'form.errors.tooLong', values: { max: CHATBOT_LIMITS.nameMax } };
    case 'ko_key_features':
    case 'en_key_features':
      return { key: 'form.errors.tooLong', values: { max: CHATBOT_LIMITS.keyFeaturesMax } };
    case 'system_instructions':
      return { key: 'form.errors.tooLong', values: { max: CHATBOT_LIMITS.instructionsMax } };
    case 'temperature':
      return { key: 'form.errors.range', values: { min: CHATBOT_LIMITS.temperatureMin, max: CHATBOT_LIMITS.temperatureMax } };
    case 'top_p':
      return { key: 'form.errors.range', values: { min: CHATBOT_LIMITS.topPMin, max: CHATBOT_LIMITS.topPMax } };
    case 'category_ids':
      return { key: 'form.errors.categories', values: { max: CHATBOT_LIMITS.categoriesMax } };
    case 'llm_model_id':
      return { key: 'form.errors.model' };
    case 'tools':
      return { key: 'form.errors.tools' };
    case 'max_tool_steps':
      return { key: 'form.errors.range', values: { min: TOOL_LIMITS.stepsMin, max: TOOL_LIMITS.stepsMax } };
  }
}

/**
 * Each changed field checked by the contract's own schema (what PATCH would answer 422 to). Fields
 * left as they were are not checked: a new draft may be saved before it has its names.
 */
export function chatbotFormErrors(v: ChatbotFormValues, c: Chatbot): Partial<Record<ChatbotField, FieldError>> {
  const parsed = updateChatbotBody.safeParse(chatbotPatch(v, c));
  if (parsed.success) return {};
  const errors: Partial<Record<ChatbotField, FieldError>> = {};
  for (const issue of parsed.error.issues) {
    const field = bodyField[issue.path[0] as keyof UpdateChatbotBody];
    if (field) errors[field] ??= messageFor(field, issue.code);
  }
  return errors;
}
