import type { TaskMode } from '@app/contracts/task-modes';
import { describe, expect, it } from 'vitest';
import { bodyOf, changesOf, formValuesOf, hasPlaceholder, modeName, nextOrder, previewOf, validationKeys } from './task-mode-form';

const mode: TaskMode = { id: 3, ko_name: '요약', en_name: 'Summarise', prompt_template: 'Summarise: {{input}}', llm_model_id: 7, is_active: true, sort_order: 2 };

describe('task mode form', () => {
  it('maps a saved mode to the form and back', () => {
    const v = formValuesOf(mode);
    expect(v.llm_model_id).toBe('7');
    expect(bodyOf(v)).toEqual({ ko_name: '요약', en_name: 'Summarise', prompt_template: 'Summarise: {{input}}', llm_model_id: 7, is_active: true, sort_order: 2 });
  });

  it('starts a new mode on, at the given place, with the chatbot model', () => {
    expect(formValuesOf(null, 4)).toEqual({ ko_name: '', en_name: '', prompt_template: '', llm_model_id: '', is_active: true, sort_order: 4 });
    expect(bodyOf({ ...formValuesOf(null), ko_name: ' 번역 ', en_name: ' Translate ', prompt_template: ' Go\n' }).llm_model_id).toBeNull();
  });

  it('sends only what changed', () => {
    expect(changesOf(formValuesOf(mode), mode)).toEqual({});
    expect(changesOf({ ...formValuesOf(mode), en_name: 'Summary ', llm_model_id: '' }, mode)).toEqual({ en_name: 'Summary', llm_model_id: null });
  });

  it('names missing, too long and out-of-range fields', () => {
    expect(validationKeys(formValuesOf(mode))).toEqual({});
    const errors = validationKeys({ ...formValuesOf(mode), ko_name: '  ', en_name: 'x'.repeat(51), prompt_template: '', sort_order: 1001 });
    expect(errors).toEqual({ ko_name: 'validation.required', en_name: 'validation.tooLong', prompt_template: 'validation.required', sort_order: 'validation.order' });
  });

  it('previews the template on a sample message', () => {
    expect(previewOf('Summarise: {{input}}', 'long text')).toBe('Summarise: long text');
    expect(previewOf('Fix the grammar.', 'long text')).toBe('Fix the grammar.\n\nlong text');
    expect(previewOf('  ', 'long text')).toBe('');
    expect(hasPlaceholder('a {{input}} b')).toBe(true);
    expect(hasPlaceholder('a {input} b')).toBe(false);
  });

  it('names in the interface language and places new modes last', () => {
    expect(modeName(mode, 'ko')).toBe('요약');
    expect(modeName(mode, 'ja')).toBe('Summarise');
    expect(nextOrder([])).toBe(0);
    expect(nextOrder([mode, { ...mode, sort_order: 9 }])).toBe(10);
  });
});
