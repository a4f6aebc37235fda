import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { trackReadVersion } from './010-read-version.js';
import type { MigrationContext } from './migration-context.js';

/**
 * Image consent (decision 061): the group's settings, the consent text and its
 * versions, each child's consents (append-only), the faces found in every image, and the queue of
 * images stored before detection existed.
 *
 * A group that upgrades keeps showing what it showed: enforcement starts off when there are
 * already images, and an admin switches it on once the children and their consents are in. A new
 * installation, with nothing stored yet, has it on from the start.
 */

/** The consent text a group starts with (version 1); the admin rewrites it in the panel. */
export const DEFAULT_CONSENT_TEXT =
  'Autorizo al grupo scout a tomar fotografías de mi hijo o hija durante sus actividades y a ' +
  'mostrarlas en los lugares que marco a continuación: la galería del grupo, que solo ven sus ' +
  'familias y educadores; la web pública del grupo; sus redes sociales; y los medios de ' +
  'comunicación. Puedo cambiar o retirar este consentimiento en cualquier momento desde «Mis ' +
  'educandos», y el grupo difuminará su cara donde no lo haya autorizado.';

/** The settings every group has, with their values on a new installation. */
export const SETTING_KEYS = ['image_consent_enforced', 'publish_only_reviewed'] as const;

/**
 * What 014 writes into its new tables: the settings (enforcement off when images are already
 * stored), the consent text's version 1, and every stored image in the scan queue. Run by the
 * migration, and by a restore of a copy made before 014 (which carries none of it).
 */
export async function insertImageConsentDefaults(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString();
  const { rows } = await sql<{ n: number | string }>`select
      (select count(*) from photos)
      + (select count(*) from albums where cover_key is not null)
      + (select count(*) from news where image_key is not null)
      + (select count(*) from experiences where image_key is not null) as n`.execute(db);
  const hasImages = Number(rows[0]?.n ?? 0) > 0;
  await sql`insert into group_settings (key, value, updated_at) values
    ('image_consent_enforced', ${hasImages ? '0' : '1'}, ${now}),
    ('publish_only_reviewed', '0', ${now})`.execute(db);
  await sql`insert into consent_texts (version, body, created_at)
    values (1, ${DEFAULT_CONSENT_TEXT}, ${now})`.execute(db);
  await sql`insert into face_scan_queue (photo_id, created_at)
    select id, ${now} from photos order by id`.execute(db);
  await sql`insert into face_scan_queue (album_id, created_at)
    select id, ${now} from albums where cover_key is not null order by id`.execute(db);
  await sql`insert into face_scan_queue (news_id, created_at)
    select id, ${now} from news where image_key is not null order by id`.execute(db);
  await sql`insert into face_scan_queue (experience_id, created_at)
    select id, ${now} from experiences where image_key is not null order by id`.execute(db);
}

export function imageConsent({ dialect }: MigrationContext) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  // Real numbers: SQLite's `real`, PostgreSQL's `double precision`.
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  /** One of the four images a face or a scan belongs to, deleted with it. */
  const imageOwner = () => ({
    photo_id: (c: ColumnDefinitionBuilder) => c.references('photos.id').onDelete('cascade'),
    album_id: (c: ColumnDefinitionBuilder) => c.references('albums.id').onDelete('cascade'),
    news_id: (c: ColumnDefinitionBuilder) => c.references('news.id').onDelete('cascade'),
    experience_id: (c: ColumnDefinitionBuilder) =>
      c.references('experiences.id').onDelete('cascade'),
    check: sql.raw(
      '(case when photo_id is null then 0 else 1 end) + (case when album_id is null then 0 else 1 end) + (case when news_id is null then 0 else 1 end) + (case when experience_id is null then 0 else 1 end) = 1',
    ),
  });

  return {
    async up(db: Kysely<unknown>) {
      // One row per setting: a group's choices, changed by an admin (and audited).
      await db.schema
        .createTable('group_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // The consent text's versions: a new version asks the families again (decision 061).
      await db.schema
        .createTable('consent_texts')
        .addColumn('id', idType, id)
        .addColumn('version', 'integer', (c) => c.notNull().unique())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // Every consent given, changed or withdrawn, never updated nor deleted: a child's consent
      // for a purpose is their latest row for it. No row: no consent.
      await db.schema
        .createTable('child_consents')
        .addColumn('id', idType, id)
        .addColumn('child_id', 'integer', (c) =>
          c.notNull().references('children.id').onDelete('cascade'),
        )
        .addColumn('purpose', 'text', (c) =>
          c.notNull().check(sql`purpose in ('gallery', 'web', 'social', 'press')`),
        )
        .addColumn('granted', 'integer', (c) => c.notNull().check(sql`granted in (0, 1)`))
        .addColumn('given_by', 'text', (c) =>
          c.notNull().check(sql`given_by in ('guardian', 'paper', 'own')`),
        )
        .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('note', 'text')
        .addColumn('text_version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('child_consents_child_idx')
        .on('child_consents')
        .columns(['child_id', 'purpose', 'id'])
        .execute();

      // The faces in an image: a box (fractions of the image's width and height), never anything
      // that could identify the person (decision 065), in a photo, an album's cover, a news item's or an
      // experience's image. Reviewed by a manager: a child, an adult,
      // or not a face.
      const face = imageOwner();
      await db.schema
        .createTable('faces')
        .addColumn('id', idType, id)
        .addColumn('photo_id', 'integer', face.photo_id)
        .addColumn('album_id', 'integer', face.album_id)
        .addColumn('news_id', 'integer', face.news_id)
        .addColumn('experience_id', 'integer', face.experience_id)
        .addColumn('x', real, (c) => c.notNull())
        .addColumn('y', real, (c) => c.notNull())
        .addColumn('width', real, (c) => c.notNull())
        .addColumn('height', real, (c) => c.notNull())
        .addColumn('score', real)
        .addColumn('source', 'text', (c) =>
          c.notNull().check(sql`source in ('detector', 'manual')`),
        )
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('pending')
            .check(sql`status in ('pending', 'child', 'adult', 'not_face')`),
        )
        .addColumn('child_id', 'integer', (c) => c.references('children.id').onDelete('set null'))
        .addColumn('blur_requested_at', 'text')
        .addColumn('blur_requested_by', 'integer', (c) =>
          c.references('users.id').onDelete('set null'),
        )
        .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('reviewed_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint('faces_one_image', face.check)
        .execute();
      await db.schema.createIndex('faces_photo_idx').on('faces').column('photo_id').execute();
      await db.schema.createIndex('faces_album_idx').on('faces').column('album_id').execute();
      await db.schema.createIndex('faces_news_idx').on('faces').column('news_id').execute();
      await db.schema
        .createIndex('faces_experience_idx')
        .on('faces')
        .column('experience_id')
        .execute();
      await db.schema.createIndex('faces_child_idx').on('faces').column('child_id').execute();

      // Images stored before detection existed, scanned in the background after the upgrade.
      // A row is claimed until `claimed_until` by one instance, and removed once scanned.
      const scan = imageOwner();
      await db.schema
        .createTable('face_scan_queue')
        .addColumn('id', idType, id)
        .addColumn('photo_id', 'integer', scan.photo_id)
        .addColumn('album_id', 'integer', scan.album_id)
        .addColumn('news_id', 'integer', scan.news_id)
        .addColumn('experience_id', 'integer', scan.experience_id)
        .addColumn('claimed_until', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint('face_scan_queue_one_image', scan.check)
        .execute();
      await insertImageConsentDefaults(db);

      if (dialect === 'postgres') {
        for (const table of ['group_settings', 'consent_texts', 'child_consents', 'faces']) {
          await trackReadVersion(db, table);
        }
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('face_scan_queue').execute();
      await db.schema.dropTable('faces').execute();
      await db.schema.dropTable('child_consents').execute();
      await db.schema.dropTable('consent_texts').execute();
      await db.schema.dropTable('group_settings').execute();
    },
  };
}
