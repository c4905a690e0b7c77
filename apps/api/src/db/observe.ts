import { metricsEnabled, recordDbQuery } from '../platform/metrics';
import { type SpanHandle, startSpan, tracingEnabled } from '../platform/tracing';

/**
 * A database statement's time (the `db_query_duration_seconds` histogram) and span, when metrics
 * or tracing are on (decision 052); when both are off the statement's promise is returned as it is.
 * `statement` is a bounded name: a named statement's (decision 012), `query:<verb>` for the query
 * builder, `transaction`, `batch:<first statement>`. No statement text or parameter is recorded.
 */
class QueryProbe {
  private readonly start = performance.now();
  private readonly span: SpanHandle | undefined;
  constructor(private readonly statement: string) {
    this.span = startSpan(`db ${statement}`, { 'db.system.name': 'postgresql', 'db.operation.name': statement }, true);
  }
  end(error?: unknown): void {
    recordDbQuery(this.statement, performance.now() - this.start, error !== undefined);
    this.span?.end(error);
  }
}

const observing = () => metricsEnabled() || tracingEnabled();

/** `work` (already started) observed under `statement`. */
export function observed<T>(statement: string, work: Promise<T>): Promise<T> {
  if (!observing()) return work;
  const probe = new QueryProbe(statement);
  return work.then(
    (result) => {
      probe.end();
      return result;
    },
    (err: unknown) => {
      probe.end(err);
      throw err;
    },
  );
}

const VERBS = new Set(['select', 'insert', 'update', 'delete', 'with', 'begin', 'commit', 'rollback', 'set', 'do', 'analyze', 'create', 'alter', 'drop', 'lock', 'listen', 'notify', 'truncate']);
/** `query:<first word>` of a builder statement, from a fixed set (else `query:other`). */
export function queryName(sql: unknown): string {
  const text = typeof sql === 'string' ? sql : ((sql as { text?: unknown; sql?: unknown } | null)?.text ?? (sql as { sql?: unknown } | null)?.sql);
  if (typeof text !== 'string') return 'query:other';
  const verb = /^\s*\(?\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? 'other';
  return `query:${VERBS.has(verb) ? verb : 'other'}`;
}

/** `observed` for a builder statement: its name is read only when observing. */
export function observedSql<T>(sql: unknown, work: Promise<T>): Promise<T> {
  return observing() ? observed(queryName(sql), work) : work;
}
