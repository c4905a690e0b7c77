import type { Chatbot } from '@app/contracts/chatbots';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { chatbotTexts, modelName, shownCredits } from './chatbot-texts';

const t = ((key: string) => `«${key}»`) as unknown as TFunction;

function bot(provider: string, isDefault: boolean): Chatbot {
  return {
    ko_name: '한국어 이름',
    en_name: 'English name',
    ko_key_features: '한국어 설명',
    en_key_features: 'English features',
    is_default: isDefault,
    llm_model: { id: 1, display_name: 'Offline demo — configure a provider', provider, is_available: true, is_low_llm: true, supports_thinking: false, supports_web_search: false, context_limit: 1 },
  } as Chatbot;
}

describe('chatbot and model texts', () => {
  it('picks Korean for ko and English otherwise', () => {
    expect(chatbotTexts(bot('openai', true), t, 'ko')).toEqual({ name: '한국어 이름', features: '한국어 설명' });
    expect(chatbotTexts(bot('openai', true), t, 'ja')).toEqual({ name: 'English name', features: 'English features' });
  });
  it('the offline model and its default chatbot read from the catalogue in every language', () => {
    for (const lng of ['ko', 'en', 'zh', 'ja', 'es']) {
      expect(chatbotTexts(bot('offline', true), t, lng)).toEqual({ name: '«chat:offlineDemo.name»', features: '«chat:offlineDemo.features»' });
    }
    expect(modelName({ provider: 'offline', display_name: 'Offline demo — configure a provider' }, t)).toBe('«chat:offlineDemo.name»');
    expect(modelName({ provider: 'openai', display_name: 'GPT' }, t)).toBe('GPT');
  });
  it('a chatbot someone built on the offline model keeps its own texts', () => {
    expect(chatbotTexts(bot('offline', false), t, 'en').name).toBe('English name');
  });
});

describe('credits shown per answer', () => {
  it('rounds down, and shows a non-zero amount below one as "< 1"', () => {
    expect(shownCredits(0)).toBe(0);
    expect(shownCredits(0.004)).toBe('<1');
    expect(shownCredits(0.999)).toBe('<1');
    expect(shownCredits(1)).toBe(1);
    expect(shownCredits(3.99)).toBe(3);
  });
});
