import type { Chatbot } from '@app/contracts/chatbots';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** A changed chatbot: its own query takes the answer, and every chatbot list (studio, dashboard, store) reloads. */
export function chatbotChanged(qc: QueryClient, chatbot: Chatbot) {
  qc.setQueryData(queryKeys.chatbot(chatbot.id), chatbot);
  void qc.invalidateQueries({ queryKey: queryKeys.chatbots().slice(0, 1) });
}

export function chatbotsChanged(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: queryKeys.chatbots().slice(0, 1) });
}
