import type { FastifyBaseLogger } from 'fastify';
import { currentTraceId } from './tracing';

/** Spec §7: an error report's text is cut to 2,900 characters. */
export const REPORT_TEXT_LIMIT = 2900;
const POST_TIMEOUT_MS = 5000;

/** One report: a server error (a response ≥ 500) or an uncaught error of the web app. */
export interface ErrorReport {
  source: 'server' | 'client';
  /** The request id of the failed response, or of the request that carried the client's report. */
  request_id: string;
  method?: string;
  /** The route's pattern (e.g. `/api/sessions/:hash/`) for a server error; the page's path for a client error. */
  route?: string;
  status?: number;
  tenant?: string | null;
  member_id?: number | null;
  /** Message and stack, cut to 2,900 characters. */
  text: string;
  user_agent?: string;
  /** The web app's release, for a client error. */
  release?: string;
  /** The OpenTelemetry trace the error happened in, when tracing is on (decision 052). */
  trace_id?: string;
  at: string;
}

export const cutReport = (text: string) => (text.length > REPORT_TEXT_LIMIT ? text.slice(0, REPORT_TEXT_LIMIT) : text);

/** An error's message and stack as one report text (the stack already starts with the message). */
export function errorText(err: unknown): string {
  if (err instanceof Error) return cutReport(err.stack?.includes(err.message) ? err.stack : `${err.message}\n${err.stack ?? ''}`);
  return cutReport(String(err));
}

/**
 * Where reports go (decision 036): always a structured log line at `error`; when `ERROR_REPORT_URL`
 * is set, also a JSON POST there. Posting never blocks or fails the response: it runs after it,
 * with a time limit, and a failed post is only logged.
 */
export function createErrorReporter(opts: { url: string | null | undefined; log: FastifyBaseLogger }) {
  const pending = new Set<Promise<void>>();
  return {
    report(r: Omit<ErrorReport, 'at' | 'text'> & { text: string }): void {
      const traceId = currentTraceId();
      const report: ErrorReport = { ...r, text: cutReport(r.text), ...(traceId ? { trace_id: traceId } : {}), at: new Date().toISOString() };
      opts.log.error({ reqId: report.request_id, report }, report.source === 'server' ? 'server error' : 'client error');
      if (!opts.url) return;
      const p = fetch(opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(report),
        signal: AbortSignal.timeout(POST_TIMEOUT_MS),
      })
        .then(async (res) => {
          await res.body?.cancel();
          if (!res.ok) opts.log.warn({ status: res.status }, 'error report refused by ERROR_REPORT_URL');
        })
        .catch((err: unknown) => opts.log.warn({ err: String(err) }, 'error report not delivered to ERROR_REPORT_URL'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    /** Resolves once the reports on their way are delivered (or given up): on close. */
    async flush(): Promise<void> {
      await Promise.all([...pending]);
    },
  };
}
export type ErrorReporter = ReturnType<typeof createErrorReporter>;
