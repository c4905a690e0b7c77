import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage, type MessageOverrides } from '../../lib/status-messages';

/** Errors already told in a toast, so that a form does not tell them again in an alert. */
const toasted = new WeakSet<object>();
export const wasToasted = (err: unknown) => typeof err === 'object' && err !== null && toasted.has(err);

type Text<A extends unknown[]> = string | ((...args: A) => string);
const text = <A extends unknown[]>(v: Text<A> | undefined, ...args: A) => (typeof v === 'function' ? v(...args) : v);

export interface ToastTexts<TData, TVars> {
  /** The green toast's message (translated by the caller); none when left out. */
  success?: Text<[TData, TVars]>;
  /** The red toast's title; its message is the §8 text for what failed. */
  error?: Text<[TVars]>;
  overrides?: MessageOverrides;
}

/** The two toasts every console action shows, without a mutation. */
export const toast = {
  success: (message: string) => notifications.show({ color: 'green', message }),
  error: (title: string | undefined, message: string, id?: string) => notifications.show({ id, color: 'red', title, message }),
};

/**
 * A feature's mutation (from its `api/` file) that tells how it went: the success toast, or the
 * §8 error toast. `run(vars, onDone)` fires it; `runAsync` returns its promise for a form.
 */
export function useMutationWithToast<TData, TError, TVars, TContext>(mutation: UseMutationResult<TData, TError, TVars, TContext>, texts: ToastTexts<TData, TVars>) {
  const { t } = useTranslation('common');
  const onSuccess = (data: TData, vars: TVars) => {
    const message = text(texts.success, data, vars);
    if (message) toast.success(message);
  };
  const onError = (err: TError, vars: TVars) => {
    toast.error(text(texts.error, vars), errorMessage(t, err, texts.overrides));
    if (typeof err === 'object' && err !== null) toasted.add(err);
  };
  return {
    mutation,
    isPending: mutation.isPending,
    run: (vars: TVars, onDone?: (data: TData) => void) =>
      mutation.mutate(vars, {
        onSuccess: (data) => {
          onSuccess(data, vars);
          onDone?.(data);
        },
        onError: (err) => onError(err, vars),
      }),
    runAsync: (vars: TVars) =>
      mutation.mutateAsync(vars).then(
        (data) => {
          onSuccess(data, vars);
          return data;
        },
        (err: TError) => {
          onError(err, vars);
          throw err;
        },
      ),
  };
}
