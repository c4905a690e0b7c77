import type { BulkInviteResponse, InviteRow } from '@app/contracts/invitations';
import type { CustomField } from '@app/contracts/sign-up-settings';
import { useSyncExternalStore } from 'react';
import { type BulkPlan, type PreparedRow, type RowErrorCode, toBatches } from './bulk-file';

/**
 * The bulk invite in progress, outside React: closing the modal (or leaving the tab) neither stops
 * the upload nor forgets the batches already processed; opening it again shows them and, while it
 * runs, its progress. Batches go one request at a time; a batch whose request failed (network,
 * session, the plan's limit) can be sent again, alone or with the other failed ones.
 */

export type BatchState = 'waiting' | 'sending' | 'success' | 'warning' | 'failed';

export interface RowOutcome {
  line: number;
  email: string;
  status: 'invited' | 'failed';
  error: RowErrorCode | null;
  field: string | null;
  /** For a repeat within the file: the line it repeats. */
  firstLine: number | null;
}

export interface Batch {
  /** 1-based. */
  id: number;
  rows: PreparedRow[];
  /** File lines of its first and last rows. */
  first: number;
  last: number;
  state: BatchState;
  outcomes: RowOutcome[];
  /** Why the request failed (an ApiError or a network error). */
  error: unknown;
}

export interface Upload {
  /** Identifies this upload (a newer one replaces it). */
  token: number;
  fileName: string;
  header: string[];
  /** The tenant's custom fields as they were when the file was checked (for error texts). */
  fields: CustomField[];
  total: number;
  /** Rows the file check failed, never sent. */
  local: PreparedRow[];
  localOutcomes: RowOutcome[];
  batches: Batch[];
  /** Asked to stop after the batch being sent. */
  paused: boolean;
}

export interface UploadDeps {
  send: (members: InviteRow[]) => Promise<BulkInviteResponse>;
  /** After each batch: refresh what the invitations change (list, seats). */
  onBatchDone: () => void;
}

let upload: Upload | null = null;
let deps: UploadDeps | null = null;
/** The upload whose batches a loop is sending right now. */
let loopToken: number | null = null;
let nextToken = 1;
const listeners = new Set<() => void>();

function set(next: Upload | null) {
  upload = next;
  listeners.forEach((l) => l());
}

function patchBatch(token: number, id: number, patch: Partial<Batch>) {
  if (!upload || upload.token !== token) return;
  set({ ...upload, batches: upload.batches.map((b) => (b.id === id ? { ...b, ...patch } : b)) });
}

/** The server's answer for a batch, row by row (same order; matched by line where it can be). */
export function outcomesOf(rows: readonly PreparedRow[], items: BulkInviteResponse['items']): RowOutcome[] {
  const byLine = new Map(items.filter((i) => i.row !== null).map((i) => [i.row!, i]));
  return rows.map((r, i) => {
    const item = byLine.get(r.line) ?? items[i];
    if (!item) return { line: r.line, email: r.member.email, status: 'failed', error: 'unknown', field: null, firstLine: null };
    return {
      line: r.line,
      email: item.email || r.member.email,
      status: item.status,
      error: item.status === 'failed' ? (item.error_code ?? 'unknown') : null,
      field: item.error_field,
      firstLine: null,
    };
  });
}

/** Leaving the page would stop the upload: the browser asks first. */
function holdPage(e: BeforeUnloadEvent) {
  e.preventDefault();
}

async function run(token: number) {
  if (loopToken === token) return;
  loopToken = token;
  window.addEventListener('beforeunload', holdPage);
  try {
    for (;;) {
      const u = upload;
      if (!u || u.token !== token || u.paused || !deps) break;
      const batch = u.batches.find((b) => b.state === 'waiting');
      if (!batch) break;
      patchBatch(token, batch.id, { state: 'sending', error: null });
      try {
        const res = await deps.send(batch.rows.map((r) => r.member));
        const outcomes = outcomesOf(batch.rows, res.items);
        patchBatch(token, batch.id, { state: outcomes.some((o) => o.status === 'failed') ? 'warning' : 'success', outcomes });
      } catch (err) {
        patchBatch(token, batch.id, { state: 'failed', error: err });
      }
      deps.onBatchDone();
    }
  } finally {
    if (loopToken === token) {
      loopToken = null;
      window.removeEventListener('beforeunload', holdPage);
    }
    // A newer upload may have been started while this loop waited for its last answer.
    if (upload && upload.token !== token && !upload.paused && upload.batches.some((b) => b.state === 'waiting')) void run(upload.token);
  }
}

export const uploadStore = {
  get: () => upload,
  subscribe(fn: () => void) {
    listeners.add(fn);
    return () => {
      listeners.delete(fn);
    };
  },
  /** Starts sending a checked file in batches of `batchSize` (at most `maxPerRequest`). */
  start(o: { fileName: string; plan: BulkPlan; fields: CustomField[]; batchSize: number; maxPerRequest: number }, d: UploadDeps) {
    deps = d;
    const token = nextToken++;
    const batches = toBatches(o.plan.toSend, o.batchSize, o.maxPerRequest).map<Batch>((rows, i) => ({
      id: i + 1,
      rows,
      first: rows[0]!.line,
      last: rows[rows.length - 1]!.line,
      state: 'waiting',
      outcomes: [],
      error: null,
    }));
    set({
      token,
      fileName: o.fileName,
      header: o.plan.header,
      fields: o.fields,
      total: o.plan.total,
      local: o.plan.failed,
      localOutcomes: o.plan.failed.map((f) => ({ line: f.line, email: f.member.email, status: 'failed', error: f.error, field: f.field, firstLine: f.firstLine })),
      batches,
      paused: false,
    });
    return run(token);
  },
  /** Stops after the batch being sent; the rest wait for `resume`. */
  pause() {
    if (upload) set({ ...upload, paused: true });
  },
  resume(d: UploadDeps) {
    if (!upload) return Promise.resolve();
    deps = d;
    set({ ...upload, paused: false });
    return run(upload.token);
  },
  /** Sends a failed batch again (or every failed one). */
  retry(d: UploadDeps, id?: number) {
    if (!upload) return Promise.resolve();
    deps = d;
    set({ ...upload, paused: false, batches: upload.batches.map((b) => (b.state === 'failed' && (id === undefined || b.id === id) ? { ...b, state: 'waiting', error: null } : b)) });
    return run(upload.token);
  },
  /** Forgets the upload ("New upload"); a request under way finishes unseen. */
  clear() {
    set(null);
  },
};

export const useUpload = () => useSyncExternalStore(uploadStore.subscribe, uploadStore.get);

export interface UploadSummary {
  total: number;
  invited: number;
  failed: number;
  /** Rows of batches whose request failed. */
  notSent: number;
  /** Rows with an outcome (or whose batch failed). */
  done: number;
  percent: number;
  running: boolean;
  failedBatches: number;
  waiting: number;
}

export function summarize(u: Upload): UploadSummary {
  let invited = 0;
  let failed = u.localOutcomes.length;
  let notSent = 0;
  let waiting = 0;
  let failedBatches = 0;
  let sending = false;
  for (const b of u.batches) {
    if (b.state === 'failed') {
      notSent += b.rows.length;
      failedBatches++;
    } else if (b.state === 'waiting') waiting += b.rows.length;
    else if (b.state === 'sending') sending = true;
    for (const o of b.outcomes) {
      if (o.status === 'invited') invited++;
      else failed++;
    }
  }
  const done = invited + failed + notSent;
  return {
    total: u.total,
    invited,
    failed,
    notSent,
    done,
    percent: u.total ? Math.floor((done / u.total) * 100) : 100,
    running: sending || (!u.paused && waiting > 0),
    failedBatches,
    waiting,
  };
}
