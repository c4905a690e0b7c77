import type { MessagePort } from 'node:worker_threads';
import type { ZipCaps } from './office-zip';
import { detectKind, type FileKind, FileRejected, measureFile, type Parsed, parseFile } from './parse';

/**
 * What the parser threads do (decision 045): `parse-worker.mjs` loads this file on each thread of
 * the pool (`parser-pool.ts`). Answers are plain objects: an error's class does not cross threads.
 */
export type ParseTask =
  | { op: 'inspect'; file: string; name: string; head: Uint8Array; caps: ZipCaps }
  | { op: 'parse'; kind: FileKind; bytes: Uint8Array; caps: ZipCaps; progress?: MessagePort };

export type Refusal = { ok: false; reason: FileRejected['reason']; message: string };
export type InspectResult = { ok: true; kind: FileKind; pages: number } | Refusal;
export type ParseResult = { ok: true; parsed: Parsed } | Refusal;

const refusal = (err: unknown): Refusal => {
  if (err instanceof FileRejected) return { ok: false, reason: err.reason, message: err.message };
  throw err;
};

export async function runParseTask(task: ParseTask): Promise<InspectResult | ParseResult> {
  if (task.op === 'inspect') {
    try {
      const kind = await detectKind(task.file, task.name, Buffer.from(task.head));
      return { ok: true, kind, pages: await measureFile(kind, task.file, task.caps) };
    } catch (err) {
      return refusal(err);
    }
  }
  try {
    const parsed = await parseFile(task.kind, task.bytes, task.caps, task.progress ? (done, total) => task.progress!.postMessage({ done, total }) : undefined);
    return { ok: true, parsed };
  } catch (err) {
    return refusal(err);
  } finally {
    task.progress?.close();
  }
}
