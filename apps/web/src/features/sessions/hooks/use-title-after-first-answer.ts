import type { History } from '@app/contracts/sessions';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { generateSessionTitle, storeSession } from '../api/generate-title';

/** New sessions waiting for their first answer to end, kept across the route change a new chat makes. */
const waiting = new Set<string>();

const firstAnswerEnded = (data: InfiniteData<History> | undefined) =>
  !!data?.pages.some((page) => page.items.some((m) => m.speaker_type === 'chatbot' && m.status === 'completed' && m.text.trim() !== ''));

/**
 * Titles new chats (issue 27 item 4): once the first answer of a session started here is settled in
 * its history (the chat refetches it when the answer ends), asks the server for a generated title and
 * puts it into My sessions and the header without a reload. `expect(hash)` marks a new session.
 */
export function useTitleAfterFirstAnswer() {
  const qc = useQueryClient();
  useEffect(() => {
    const historyKey = queryKeys.history('')[0];
    // A subscription to the cache, not a data fetch: the history query belongs to the chat.
    return qc.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || waiting.size === 0) return;
      const [kind, hash] = event.query.queryKey as [string, unknown];
      if (kind !== historyKey || typeof hash !== 'string' || !waiting.has(hash)) return;
      if (!firstAnswerEnded(event.query.state.data as InfiniteData<History> | undefined)) return;
      waiting.delete(hash);
      // A failed title leaves the one the server derived from the question: nothing to tell the member.
      generateSessionTitle(hash).then(
        (s) => storeSession(qc, s),
        () => undefined,
      );
    });
  }, [qc]);
  return { expect: (hash: string) => void waiting.add(hash) };
}
