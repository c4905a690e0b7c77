import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { FileStorage, StorageConfig } from './types';

/** One factory per `kind` of the storage config. */
const registry: { [K in StorageConfig['kind']]: (config: Extract<StorageConfig, { kind: K }>) => FileStorage } = {
  local: (config) => createLocalStorage(config.dir),
  s3: createS3Storage,
};

/** The file store the config names (decision 034). */
export function createStorage(config: StorageConfig): FileStorage {
  return (registry[config.kind] as (c: StorageConfig) => FileStorage)(config);
}
