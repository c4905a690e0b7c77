import type { Readable } from 'node:stream';

/**
 * Where uploaded files' bytes live (decision 034). Keys are made by the files service and always
 * start with `t<tenant id>/`; nothing outside the service builds one, and reads go through the
 * API's access check (or a signed link the API made), never straight to the store.
 */
export interface FileStorage {
  readonly kind: StorageConfig['kind'];
  /** Streams `body` to `key` (never whole in memory). */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The object's bytes as a stream. */
  get(key: string): Promise<Readable>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

/** `STORAGE_*` in config: a folder (the embedded default) or an S3-compatible bucket. */
export type StorageConfig =
  | { kind: 'local'; dir: string }
  | { kind: 's3'; bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean };
