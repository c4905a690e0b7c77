import type { ClientErrorBody } from '@app/contracts/client-errors';
import { routes } from '@app/contracts/routes.gen';
import { apiHeaders, apiUrl } from './api-client';

/** Spec §7: a report's text is cut to 2,900 characters (the server cuts again). */
const LIMIT = 2900;
/** A page that keeps failing (an error in a render loop) reports a few times, not thousands. */
const MAX_REPORTS_PER_PAGE = 10;

let sent = 0;
const seen = new Set<string>();

function describe(reason: unknown): { message: string; stack?: string } {
  if (reason instanceof Error) return { message: reason.message || reason.name, stack: reason.stack };
  if (typeof reason === 'string') return { message: reason };
  try {
    return { message: JSON.stringify(reason) ?? String(reason) };
  } catch {
    return { message: String(reason) };
  }
}

/**
 * Reports an uncaught error of the web app to `POST /api/client-errors/`, which hands it to the
 * server's error reporter (decision 036). The same error is sent once; reporting never throws.
 */
export function reportClientError(kind: ClientErrorBody['kind'], reason: unknown, extraStack?: string): void {
  const { message, stack } = describe(reason);
  const key = `${kind}:${message}`;
  if (sent >= MAX_REPORTS_PER_PAGE || seen.has(key) || !message.trim()) return;
  seen.add(key);
  sent += 1;
  const body: ClientErrorBody = {
    kind,
    message: message.slice(0, LIMIT),
    stack: [stack, extraStack].filter(Boolean).join('\n').slice(0, LIMIT) || undefined,
    path: window.location.pathname.slice(0, 2000),
  };
  // Not `api`: a report never refreshes the session or throws, and `keepalive` sends one made as the page unloads.
  void fetch(apiUrl(routes.clientErrors.report), { method: 'POST', headers: apiHeaders(true), body: JSON.stringify(body), credentials: 'same-origin', keepalive: true }).catch(() => undefined);
}

/** Window-level listeners: errors thrown outside React's rendering and promises rejected with nobody to catch them. */
export function installErrorReporting(): void {
  window.addEventListener('error', (e) => reportClientError('error', e.error ?? e.message));
  window.addEventListener('unhandledrejection', (e) => reportClientError('unhandledrejection', e.reason));
}
