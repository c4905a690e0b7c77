import type { TFunction } from 'i18next';

/**
 * What the chat reads of a chatbot: a member's Chatbot and a visitor's PublicChatbot (which has no
 * model id or provider, and is never a default chatbot) both fit.
 */
export interface ChatbotView {
  id: number;
  ko_name: string;
  en_name: string;
  ko_key_features: string;
  en_key_features: string;
  profile_image_url: string | null;
  is_default?: boolean;
  llm_model: { id?: number; provider?: string; display_name: string; supports_thinking: boolean; supports_web_search?: boolean; context_limit?: number };
}

/**
 * The offline demo model stores English texts (its name tells the admin to configure a provider);
 * what members read of it comes from the catalogue, in their language.
 */
const isOffline = (model: { provider?: string }) => model.provider === 'offline';

/** A model's name as members see it. */
export function modelName(model: { provider?: string; display_name: string }, t: TFunction): string {
  return isOffline(model) ? t('chat:offlineDemo.name') : model.display_name;
}

/**
 * A chatbot's name and key features in the interface language: Korean for ko, else English. The
 * offline model's default chatbot (provisioned from the model, so its texts are the model's) uses
 * the catalogue's; a chatbot someone wrote keeps its own texts whatever its model.
 */
export function chatbotTexts(bot: ChatbotView, t: TFunction, language: string): { name: string; features: string } {
  if (bot.is_default && isOffline(bot.llm_model)) return { name: t('chat:offlineDemo.name'), features: t('chat:offlineDemo.features') };
  const ko = language === 'ko';
  return { name: ko ? bot.ko_name : bot.en_name, features: ko ? bot.ko_key_features : bot.en_key_features };
}

/** Spec §9: credits are shown rounded down; a charge above zero but below one shows as "< 1". */
export function shownCredits(credits: number): number | '<1' {
  return credits > 0 && credits < 1 ? '<1' : Math.floor(credits);
}
