import { applyTemplate, TASK_MODE_INPUT, type TaskMode, type TaskModeBody, taskModeBody, type UpdateTaskModeBody } from '@app/contracts/task-modes';

/** The form's fields: the model as a select value ('' = the chatbot's model). */
export interface TaskModeFormValues {
  ko_name: string;
  en_name: string;
  prompt_template: string;
  llm_model_id: string;
  is_active: boolean;
  sort_order: number;
}

/** A new mode: on, after the last one, the template ending in the placeholder. */
export function formValuesOf(mode: TaskMode | null, nextOrder = 0): TaskModeFormValues {
  if (!mode) return { ko_name: '', en_name: '', prompt_template: '', llm_model_id: '', is_active: true, sort_order: nextOrder };
  return {
    ko_name: mode.ko_name,
    en_name: mode.en_name,
    prompt_template: mode.prompt_template,
    llm_model_id: mode.llm_model_id === null ? '' : String(mode.llm_model_id),
    is_active: mode.is_active,
    sort_order: mode.sort_order,
  };
}

/** What is sent on create: trimmed texts, the model id or null. */
export function bodyOf(v: TaskModeFormValues): TaskModeBody {
  return {
    ko_name: v.ko_name.trim(),
    en_name: v.en_name.trim(),
    prompt_template: v.prompt_template.trim(),
    llm_model_id: v.llm_model_id === '' ? null : Number(v.llm_model_id),
    is_active: v.is_active,
    sort_order: v.sort_order,
  };
}

/** A change sends only the fields that differ from the saved mode. */
export function changesOf(v: TaskModeFormValues, saved: TaskMode): UpdateTaskModeBody {
  const next = bodyOf(v);
  const changes: UpdateTaskModeBody = {};
  for (const key of Object.keys(next) as Array<keyof TaskModeBody>) {
    if (next[key] !== saved[key]) Object.assign(changes, { [key]: next[key] });
  }
  return changes;
}

/** Field errors as catalogue keys (`validation.*`), from the contract's rules. */
export function validationKeys(v: TaskModeFormValues): Partial<Record<keyof TaskModeFormValues, string>> {
  const parsed = taskModeBody.safeParse(bodyOf(v));
  if (parsed.success) return {};
  const errors: Partial<Record<keyof TaskModeFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as keyof TaskModeFormValues;
    const key = field === 'sort_order' ? 'validation.order' : issue.code === 'too_big' ? 'validation.tooLong' : 'validation.required';
    errors[field] ??= key;
  }
  return errors;
}

/** What the model would receive for a sample message; empty while there is no template. */
export function previewOf(template: string, sample: string): string {
  const t = template.trim();
  return t ? applyTemplate(t, sample) : '';
}

/** Whether the template marks where the message goes (without it the message follows the template). */
export const hasPlaceholder = (template: string) => template.includes(TASK_MODE_INPUT);

/** A mode's name in the interface language: Korean for ko, else English. */
export const modeName = (mode: Pick<TaskMode, 'ko_name' | 'en_name'>, language: string) => (language === 'ko' ? mode.ko_name : mode.en_name);

/** The next free place at the end of the list. */
export const nextOrder = (modes: TaskMode[]) => Math.min(1000, modes.reduce((max, m) => Math.max(max, m.sort_order + 1), 0));
