import type { Chatbot } from '@app/contracts/chatbots';
import { describe, expect, it } from 'vitest';
import { chatbotFormErrors, chatbotFormValues, type ChatbotFormValues, chatbotPatch, rebaseFormValues } from './chatbot-form';

const isDirty = (v: ChatbotFormValues, c: Chatbot) => Object.keys(chatbotPatch(v, c)).length > 0;

const model = { id: 3, display_name: 'Fake', provider: 'openai-compatible', is_available: true, is_low_llm: false, supports_thinking: false, supports_web_search: false, context_limit: 8000 };
const chatbot = (over: Partial<Chatbot> = {}): Chatbot => ({
  id: 9,
  hash_id: 'h',
  ko_name: '',
  en_name: '',
  profile_image_url: null,
  ko_key_features: '',
  en_key_features: '',
  system_instructions: '',
  temperature: 1,
  top_p: 1,
  is_public: false,
  is_default: false,
  waiting_publish: false,
  is_hidden: false,
  publish_status: 'private',
  publish_feedback: null,
  has_unreleased_changes: false,
  creator_id: 2,
  llm_model: model,
  categories: [
    { id: 1, ko_name: '글쓰기', en_name: 'Writing' },
    { id: 4, ko_name: '교육', en_name: 'Education' },
  ],
  member_groups: [],
  documents: [],
  tools: [],
  max_tool_steps: 10,
  message_count: 0,
  token_count: 0,
  month_message_count: 0,
  month_token_count: 0,
  last_chat_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('chatbot form', () => {
  it('starts clean from the saved chatbot', () => {
    const c = chatbot();
    const v = chatbotFormValues(c);
    expect(v).toMatchObject({ llm_model_id: '3', temperature: 1, top_p: 1, category_ids: ['1', '4'] });
    expect(chatbotPatch(v, c)).toEqual({});
    expect(isDirty(v, c)).toBe(false);
  });

  it('sends only what changed, names and features trimmed, numbers as numbers', () => {
    const c = chatbot();
    const v = { ...chatbotFormValues(c), ko_name: ' 도우미 ', en_name: 'Helper', system_instructions: ' Be brief. ', llm_model_id: '5', temperature: 0.4, top_p: '0.9' };
    expect(chatbotPatch(v, c)).toEqual({ ko_name: '도우미', en_name: 'Helper', system_instructions: ' Be brief. ', llm_model_id: 5, temperature: 0.4, top_p: 0.9 });
  });

  it('sends the tools switched on in the platform’s order and the step limit; checks the limit’s range', () => {
    const c = chatbot({ tools: ['current_time'], max_tool_steps: 10 });
    const v = chatbotFormValues(c);
    expect(chatbotPatch({ ...v, tools: ['current_time'] }, c)).toEqual({});
    expect(chatbotPatch({ ...v, tools: ['knowledge_search', 'current_time'], max_tool_steps: 4 }, c)).toEqual({ tools: ['knowledge_search', 'current_time'], max_tool_steps: 4 });
    expect(chatbotPatch({ ...v, tools: [] }, c)).toEqual({ tools: [] });
    expect(chatbotFormErrors({ ...v, max_tool_steps: 26 }, c)).toEqual({ max_tool_steps: { key: 'form.errors.range', values: { min: 1, max: 25 } } });
    expect(chatbotFormErrors({ ...v, max_tool_steps: '' }, c)).toHaveProperty('max_tool_steps');
    expect(chatbotFormErrors({ ...v, max_tool_steps: 25 }, c)).toEqual({});
  });

  it('a change undone, or spaces only around a saved name, is no change', () => {
    const c = chatbot({ en_name: 'Helper' });
    expect(isDirty({ ...chatbotFormValues(c), en_name: 'Helper  ' }, c)).toBe(false);
    expect(isDirty({ ...chatbotFormValues(c), temperature: 1 }, c)).toBe(false);
  });

  it('categories compare as a set', () => {
    const c = chatbot();
    expect(chatbotPatch({ ...chatbotFormValues(c), category_ids: ['4', '1'] }, c)).toEqual({});
    expect(chatbotPatch({ ...chatbotFormValues(c), category_ids: ['4'] }, c)).toEqual({ category_ids: [4] });
  });

  it('checks changed fields with the contract: names, lengths, ranges, categories', () => {
    const c = chatbot({ ko_name: '도우미', en_name: 'Helper' });
    const base = chatbotFormValues(c);
    expect(chatbotFormErrors(base, c)).toEqual({});
    expect(chatbotFormErrors({ ...base, en_name: '  ' }, c)).toEqual({ en_name: { key: 'form.errors.nameRequired' } });
    expect(chatbotFormErrors({ ...base, ko_name: 'x'.repeat(101) }, c)).toEqual({ ko_name: { key: 'form.errors.tooLong', values: { max: 100 } } });
    expect(chatbotFormErrors({ ...base, system_instructions: 'x'.repeat(20_001) }, c)).toEqual({ system_instructions: { key: 'form.errors.tooLong', values: { max: 20_000 } } });
    expect(chatbotFormErrors({ ...base, temperature: 2.5 }, c)).toEqual({ temperature: { key: 'form.errors.range', values: { min: 0, max: 2 } } });
    expect(chatbotFormErrors({ ...base, temperature: '' }, c)).toEqual({ temperature: { key: 'form.errors.range', values: { min: 0, max: 2 } } });
    expect(chatbotFormErrors({ ...base, top_p: -0.1 }, c)).toEqual({ top_p: { key: 'form.errors.range', values: { min: 0, max: 1 } } });
    expect(chatbotFormErrors({ ...base, category_ids: ['1', '2', '3', '4'] }, c)).toEqual({ category_ids: { key: 'form.errors.categories', values: { max: 3 } } });
  });

  it('lets a new draft save other fields before it has names', () => {
    const c = chatbot();
    expect(chatbotFormErrors({ ...chatbotFormValues(c), system_instructions: 'Be kind.' }, c)).toEqual({});
  });

  it('follows changes made elsewhere in the fields not edited, and keeps the edited ones', () => {
    const before = chatbot({ en_name: 'Helper' });
    const edited = { ...chatbotFormValues(before), en_name: 'Helpful helper' };
    // Publishing set the category; another save changed the name the member is editing.
    const after = chatbot({ en_name: 'Helper 2', categories: [{ id: 6, ko_name: '프로그래밍', en_name: 'Programming' }] });
    const rebased = rebaseFormValues(edited, chatbotFormValues(before), chatbotFormValues(after));
    expect(rebased).toMatchObject({ en_name: 'Helpful helper', category_ids: ['6'] });
    expect(chatbotPatch(rebased, after)).toEqual({ en_name: 'Helpful helper' });
  });
});
