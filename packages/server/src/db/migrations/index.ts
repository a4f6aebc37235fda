import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Database } from '../schema.js';
import { accounts } from './001-accounts.js';
import { gallery } from './002-gallery.js';
import { oidc } from './003-oidc.js';
import { rateLimits } from './004-rate-limits.js';
import { content } from './005-content.js';
import { mediaJournal } from './006-media-journal.js';
import { mailQueue } from './007-mail-queue.js';
import { safeguarding } from './008-safeguarding.js';
import { audit } from './009-audit.js';
import { readVersion } from './010-read-version.js';
import { digests } from './011-digests.js';
import { sectionsFamilies } from './012-sections-families.js';
import { childrenSearch } from './013-children-search.js';
import { imageConsent } from './014-image-consent.js';
import { imageRenditions } from './016-image-renditions.js';
import { publicImages } from './017-public-images.js';
import { unsearchedImages } from './018-unsearched-images.js';
import { activities } from './019-activities.js';
import { onCamp } from './020-on-camp.js';
import type { Dialect, MigrationContext } from './migration-context.js';

export type { Dialect, MigrationContext } from './migration-context.js';

/**
 * Every migration, imported statically: the server is one esbuild bundle, so there is no
 * migrations folder to read at run time. Add new ones at the end; names sort in order.
 */
function migrations(ctx: MigrationContext): Record<string, Migration> {
  return {
    '001-accounts': accounts(ctx),
    '002-gallery': gallery(ctx),
    '003-oidc': oidc(ctx),
    '004-rate-limits': rateLimits(ctx),
    '005-content': content(ctx),
    '006-media-journal': mediaJournal(ctx),
    '007-mail-queue': mailQueue(ctx),
    '008-safeguarding': safeguarding(ctx),
    '009-audit': audit(ctx),
    '010-read-version': readVersion(ctx),
    '011-digests': digests(ctx),
    '012-sections-families': sectionsFamilies(ctx),
    '013-children-search': childrenSearch(ctx),
    '014-image-consent': imageConsent(ctx),
    '016-image-renditions': imageRenditions(ctx),
    '017-public-images': publicImages(ctx),
    '018-unsearched-images': unsearchedImages(ctx),
    '019-activities': activities(ctx),
    '020-on-camp': onCamp(ctx),
  };
}

/** The names of every migration this code knows, in order (a restore checks a copy against them). */
export function migrationNames(): string[] {
  return Object.keys(migrations({ dialect: 'sqlite' })).sort();
}

/** Brings the schema up to date; throws when a migration fails. */
export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations({ dialect }) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`La migración ${failed?.migrationName ?? ''} falló`, { cause: error });
  }
}
