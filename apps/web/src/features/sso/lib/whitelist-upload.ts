import type { BulkUpsertWhitelistResponse } from '@app/contracts/sso';
import { useSyncExternalStore } from 'react';
import { toChunks } from './whitelist-file';

/**
 * The whitelist upload in progress, outside React (like the bulk invite's, decision 027): batches
 * go one request at a time; closing the modal neither stops the upload nor forgets the batches
 * already processed. A batch is `success` (all new), `warning` (some were on the list already) or
 * `failed` (its request failed: it can be sent again).
 */
export type WhitelistBatchState = 'waiting' | 'sending' | 'success' | 'warning' | 'failed';
export interface WhitelistBatch {
  id: number;
  emails: string[];
  state: WhitelistBatchState;
  created: number;
  existing: number;
  error: unknown;
}
export interface WhitelistUpload {
  token: number;
  fileName: string;
  batches: WhitelistBatch[];
}
export interface WhitelistUploadDeps {
  send: (emails: string[]) => Promise<BulkUpsertWhitelistResponse>;
  onBatchDone: () => void;
}

let upload: WhitelistUpload | null = null;
let nextToken = 1;
let running: number | null = null;
const listeners = new Set<() => void>();
const set = (u: WhitelistUpload | null) => {
  upload = u;
  listeners.forEach((l) => l());
};
const patch = (token: number, id: number, p: Partial<WhitelistBatch>) => {
  if (upload?.token === token) set({ ...upload, batches: upload.batches.map((b) => (b.id === id ? { ...b, ...p } : b)) });
};

async function run(token: number, deps: WhitelistUploadDeps) {
  if (running === token) return;
  running = token;
  try {
    for (;;) {
      const batch = upload?.token === token ? upload.batches.find((b) => b.state === 'waiting') : undefined;
      if (!batch) break;
      patch(token, batch.id, { state: 'sending', error: null });
      try {
        const res = await deps.send(batch.emails);
        patch(token, batch.id, { state: res.existing > 0 ? 'warning' : 'success', created: res.created, existing: res.existing });
      } catch (err) {
        patch(token, batch.id, { state: 'failed', error: err });
      }
      deps.onBatchDone();
    }
  } finally {
    if (running === token) running = null;
  }
}

export const whitelistUploadStore = {
  get: () => upload,
  subscribe(fn: () => void) {
    listeners.add(fn);
    return () => void listeners.delete(fn);
  },
  start(fileName: string, emails: string[], batchSize: number, deps: WhitelistUploadDeps) {
    const token = nextToken++;
    set({ token, fileName, batches: toChunks(emails, Math.min(batchSize, 1000)).map((chunk, i) => ({ id: i + 1, emails: chunk, state: 'waiting', created: 0, existing: 0, error: null })) });
    return run(token, deps);
  },
  retry(deps: WhitelistUploadDeps) {
    if (!upload) return Promise.resolve();
    set({ ...upload, batches: upload.batches.map((b) => (b.state === 'failed' ? { ...b, state: 'waiting', error: null } : b)) });
    return run(upload.token, deps);
  },
  clear: () => set(null),
};

export const useWhitelistUpload = () => useSyncExternalStore(whitelistUploadStore.subscribe, whitelistUploadStore.get);

export function summarizeWhitelistUpload(u: WhitelistUpload) {
  const total = u.batches.reduce((n, b) => n + b.emails.length, 0);
  const done = u.batches.filter((b) => b.state !== 'waiting' && b.state !== 'sending').reduce((n, b) => n + b.emails.length, 0);
  return {
    total,
    created: u.batches.reduce((n, b) => n + b.created, 0),
    existing: u.batches.reduce((n, b) => n + b.existing, 0),
    failed: u.batches.filter((b) => b.state === 'failed').length,
    running: u.batches.some((b) => b.state === 'waiting' || b.state === 'sending'),
    percent: total ? Math.floor((done / total) * 100) : 100,
  };
}
