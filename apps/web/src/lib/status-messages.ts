import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/** Status → catalogue key (spec §8 generic toasts). */
const byStatus: Record<number, string> = {
  400: 'errors.status.400',
  401: 'errors.status.401',
  403: 'errors.status.403',
  404: 'errors.status.404',
  422: 'errors.status.422',
  424: 'errors.status.422',
  428: 'errors.status.428',
  500: 'errors.status.500',
};

/** Per-call overrides: a status → a catalogue key (with its namespace prefix, e.g. `chat:errors.402`). */
export type StatusOverrides = Partial<Record<number, string>>;

export function statusOf(err: unknown): number | null {
  return err instanceof ApiError ? err.status : null;
}

/** One map from an error to the text shown; callers may override per status (spec §8). */
export function messageKeyFor(err: unknown, overrides: StatusOverrides = {}): string {
  const status = statusOf(err);
  if (status === null) return 'errors.unknown';
  return overrides[status] ?? byStatus[status] ?? (status >= 500 ? 'errors.status.500' : 'errors.unknown');
}

export function errorMessage(t: TFunction, err: unknown, overrides?: StatusOverrides): string {
  return t(messageKeyFor(err, overrides), { ns: 'common' });
}
