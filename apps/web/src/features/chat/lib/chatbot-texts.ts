import type { Chatbot } from '@app/contracts/chatbots';

/** A chatbot's name and key features in the interface language: Korean for ko, else English. */
export function chatbotTexts(bot: Chatbot, language: string): { name: string; features: string } {
  const ko = language === 'ko';
  return { name: ko ? bot.ko_name : bot.en_name, features: ko ? bot.ko_key_features : bot.en_key_features };
}
