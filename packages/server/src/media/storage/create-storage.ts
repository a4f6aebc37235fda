import type { Config } from '../../config.js';
import { MediaUrlSigner } from '../url-signer.js';
import { S3Storage } from './s3-storage.js';
import { LocalStorage, type MediaStorage, mediaRoot } from './storage.js';

/**
 * The media storage `config` asks for (STORAGE): files under DATA_DIR, or an S3-compatible bucket.
 * The app, backups, restores and migrate-media all open it here. `jwtSecret` signs the private
 * URLs; a restore passes the one from its copy. The app passes the signer it keeps on its context.
 */
export async function createStorage(
  config: Pick<Config, 'dataDir' | 'storage' | 'jwtSecret'>,
  signer = new MediaUrlSigner(config.jwtSecret),
): Promise<MediaStorage> {
  if (config.storage.driver === 's3') {
    const { driver: _driver, ...options } = config.storage;
    return S3Storage.open(options, signer);
  }
  return new LocalStorage(mediaRoot(config.dataDir), signer);
}
