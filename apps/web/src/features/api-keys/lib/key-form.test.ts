import type { ApiKey } from '@app/contracts/apikeys';
import { describe, expect, it } from 'vitest';
import { createBody, keyFormValues, NEW_KEY, updateBody } from './key-form';
import { keyChatbotNames, maskedKey } from './format';

const now = new Date(2026, 10, 25, 14, 30);
const key: ApiKey = {
  id: 7,
  name: 'CI',
  prefix: 'sk-cb-AbCd',
  chatbot_ids: [3, 1],
  expires_at: null,
  last_used_at: null,
  request_count: 0,
  token_count: 0,
  created_at: '2026-11-01T00:00:00Z',
};

describe('create form', () => {
  it('a name, no expiry and no chatbots: a key for every chatbot that never expires', () => {
    expect(createBody({ ...NEW_KEY, name: '  My script ' }, now)).toEqual({ body: { name: 'My script', expires_at: null, chatbot_ids: null }, errors: null });
  });

  it('chatbots chosen become ids; a preset becomes a date', () => {
    const { body } = createBody({ name: 'x', expiry: '30', customDay: '', chatbot_ids: ['4', '9'] }, now);
    expect(body?.chatbot_ids).toEqual([4, 9]);
    expect(new Date(body!.expires_at!).getTime()).toBe(now.getTime() + 30 * 86_400_000);
  });

  it('the contract says what is wrong', () => {
    expect(createBody(NEW_KEY, now).errors).toEqual({ name: { key: 'form.errors.nameRequired' } });
    expect(createBody({ ...NEW_KEY, name: 'x'.repeat(101) }, now).errors).toEqual({ name: { key: 'form.errors.nameTooLong', values: { max: 100 } } });
    const many = Array.from({ length: 101 }, (_, i) => String(i + 1));
    expect(createBody({ ...NEW_KEY, name: 'x', chatbot_ids: many }, now).errors).toEqual({ chatbot_ids: { key: 'form.errors.tooManyChatbots', values: { max: 100 } } });
  });

  it('a picked day: required, real, after today', () => {
    const v = { ...NEW_KEY, name: 'x', expiry: 'custom' as const };
    expect(createBody(v, now).errors).toEqual({ customDay: { key: 'form.errors.dayRequired' } });
    expect(createBody({ ...v, customDay: '2026-02-30' }, now).errors).toEqual({ customDay: { key: 'form.errors.dayInvalid' } });
    expect(createBody({ ...v, customDay: '2026-11-24' }, now).errors).toEqual({ customDay: { key: 'form.errors.dayPast' } });
    expect(createBody({ ...v, customDay: '2026-11-26' }, now).errors).toBeNull();
  });
});

describe('edit form', () => {
  it('sends only what changed', () => {
    const v = keyFormValues(key);
    expect(updateBody(v, key)).toEqual({ body: {}, errors: null });
    expect(updateBody({ ...v, chatbot_ids: ['1', '3'] }, key).body).toEqual({});
    expect(updateBody({ ...v, name: ' Deploy ' }, key).body).toEqual({ name: 'Deploy' });
    expect(updateBody({ ...v, chatbot_ids: [] }, key).body).toEqual({ chatbot_ids: null });
    expect(updateBody({ ...v, name: '' }, key).errors).toEqual({ name: { key: 'form.errors.nameRequired' } });
  });
});

describe('list', () => {
  it('masks the key and names its chatbots', () => {
    expect(maskedKey('sk-cb-AbCd')).toBe('sk-cb-AbCd…');
    expect(maskedKey('sk-cb-AbCdEf…')).toBe('sk-cb-AbCdEf…');
    expect(keyChatbotNames({ chatbot_ids: null }, new Map())).toBeNull();
    expect(keyChatbotNames(key, new Map([[3, 'Helper']]))).toEqual({ names: ['Helper'], unknown: 1 });
  });
});
