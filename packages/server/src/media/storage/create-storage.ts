import type { Config } from '../../config.js';
import { S3Storage } from './s3-storage.js';
import { LocalStorage, type MediaStorage, mediaRoot } from './storage.js';

/**
 * The media storage `config` asks for (STORAGE): files under DATA_DIR, or an S3-compatible bucket.
 * The app, backups, restores and migrate-media all open it here. It keeps files only: their URLs
 * are made in media-urls.ts.
 */
export async function createStorage(
  config: Pick<Config, 'dataDir' | 'storage'>,
): Promise<MediaStorage> {
  if (config.storage.driver === 's3') {
    const { driver: _driver, ...options } = config.storage;
    return S3Storage.open(options);
  }
  return new LocalStorage(mediaRoot(config.dataDir));
}
