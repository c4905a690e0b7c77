import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/status-messages';
import { toast } from './use-mutation-with-toast';

/**
 * What every paged console list does besides showing its rows: a failed read also tells itself
 * in a toast (one per list, by `toastId`), and a page emptied by deletions or decisions goes
 * back one.
 */
export function useListPage(p: {
  query: { data: { items: unknown[] } | undefined; isError: boolean; error: unknown };
  page: number;
  setPage: (page: number) => void;
  /** The toast's title (translated by the caller). */
  loadFailed: string;
  toastId: string;
}) {
  const { t } = useTranslation('common');
  const { query, page, setPage, loadFailed, toastId } = p;
  useEffect(() => {
    if (query.isError) toast.error(loadFailed, errorMessage(t, query.error), toastId);
  }, [query.isError, query.error, loadFailed, toastId, t]);

  useEffect(() => {
    if (query.data && query.data.items.length === 0 && page > 1) setPage(page - 1);
  }, [query.data, page, setPage]);
}
