import type { Readable } from 'node:stream';
import type { StorageConfig } from '../../../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';

/**
 * Where uploaded files' bytes live (decision 034). Keys are made by the files service and always
 * start with `t<tenant id>/`; nothing outside the service builds one, and reads go through the
 * API's access check (or a signed link the API made), never straight to the store.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Streams `body` to `key` (never whole in memory). */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The object's bytes as a stream. */
  get(key: string): Promise<Readable>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

export function createStorage(config: StorageConfig): FileStorage {
  return config.kind === 's3' ? createS3Storage(config) : createLocalStorage(config.dir);
}
