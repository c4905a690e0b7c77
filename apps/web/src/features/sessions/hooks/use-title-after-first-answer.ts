import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { generateSessionTitle, storeSession } from '../api/generate-title';

/**
 * Titles new chats (issue 27 item 4): once a new session's first answer has ended (the server
 * stores it before it sends `end`), asks the server for a generated title and puts it into My
 * sessions and the header without a reload.
 */
export function useTitleAfterFirstAnswer() {
  const qc = useQueryClient();
  return useCallback(
    (hash: string) =>
      // A failed title leaves the one the server derived from the question: nothing to tell the member.
      void generateSessionTitle(hash).then(
        (s) => storeSession(qc, s),
        () => undefined,
      ),
    [qc],
  );
}
