import path from 'node:path';
import type { Config } from '../../config/config';
import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { S3FileStorage } from './s3-file-storage';

export type { FileStorage, StoredFile } from './file-storage';
export { InvalidStorageKeyError, isSafeKey } from './file-storage';

/** The storage the configuration chose (STORAGE_DRIVER): a folder under DATA_DIR, or an S3 bucket. */
export function fileStorageFor(config: Pick<Config, 'storage' | 'dataDir'>): FileStorage {
  const storage = config.storage;
  if (storage.driver === 's3') return new S3FileStorage(storage);
  return new LocalFileStorage(path.join(config.dataDir, 'files'));
}
