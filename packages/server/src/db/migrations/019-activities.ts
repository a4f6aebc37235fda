import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { trackReadVersion } from './010-read-version.js';
import type { MigrationContext } from './migration-context.js';

/**
 * Activities (issue 36): what a group runs — a reunión, a salida, an acampada, a campamento — with
 * the families' sign-ups per child, the autorizaciones they sign online (or a manager records on
 * paper), what each has paid, the reminders sent and the private calendar feeds.
 *
 * A signed autorización is a record the group must keep: it outlives its guardian's account
 * (`guardian_id` set null, the name and DNI as signed kept) and its child's leaving the group.
 */

/** The autorización a group starts with (version 1); placeholders in braces, filled per child. */
export const DEFAULT_AUTHORIZATION_TEXT =
  'Yo, {tutor}, con DNI/NIE {dni}, como madre, padre o tutor/a legal de {educando}, le autorizo ' +
  'a participar en la actividad «{actividad}», que el grupo scout celebra {fechas} en {lugar}. ' +
  'Salida: {punto_encuentro}. Regreso: {punto_regreso}. Transporte: {transporte}. Responsable ' +
  'de la actividad: {responsable}. Delegado/a de protección del grupo: {delegado_proteccion} ' +
  '({contacto_proteccion}).\n\n{clausula_medica}\n\nEl uso de su imagen es el que consta en el ' +
  'registro de consentimientos del grupo, que puedo cambiar en «Mis educandos».';

export const ACTIVITY_SETTING_KEYS = [
  'protection_delegate_name',
  'protection_delegate_contact',
] as const;

export function activities({ dialect }: MigrationContext) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  const activity = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('activities.id').onDelete('cascade');
  const child = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('children.id').onDelete('cascade');
  const user = (c: ColumnDefinitionBuilder) => c.references('users.id').onDelete('set null');

  return {
    async up(db: Kysely<unknown>) {
      // The DNI/NIE a guardian signs with: asked once, kept on their profile.
      await db.schema.alterTable('users').addColumn('dni', 'text').execute();

      await db.schema
        .createTable('activities')
        .addColumn('id', idType, id)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('reunion', 'salida', 'acampada', 'campamento', 'otra')`),
        )
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('borrador')
            .check(sql`status in ('borrador', 'publicada', 'cerrada', 'celebrada', 'cancelada')`),
        )
        // Instants as ISO 8601 UTC; the web shows and takes them in Europe/Madrid.
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text', (c) => c.notNull())
        // A reunión may repeat weekly until this day (`YYYY-MM-DD`), null: once.
        .addColumn('repeats_weekly_until', 'text')
        .addColumn('place', 'text', (c) => c.notNull())
        .addColumn('meeting_point', 'text', (c) => c.notNull())
        .addColumn('meeting_at', 'text', (c) => c.notNull())
        .addColumn('return_point', 'text', (c) => c.notNull())
        .addColumn('return_at', 'text', (c) => c.notNull())
        .addColumn('transport', 'text', (c) => c.notNull())
        // Euros in cents; null: free.
        .addColumn('price_cents', 'integer', (c) => c.check(sql`price_cents >= 0`))
        // Null: no limit.
        .addColumn('places', 'integer', (c) => c.check(sql`places > 0`))
        .addColumn('signup_deadline', 'text', (c) => c.notNull())
        .addColumn('in_charge_id', 'integer', user)
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        // 1: every guardian of a child signs (a campamento, a trip abroad); 0: one suffices.
        .addColumn('both_guardians', 'integer', (c) =>
          c.notNull().defaultTo(0).check(sql`both_guardians in (0, 1)`),
        )
        // The calendar's SEQUENCE: raised on every change.
        .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
        // When the terms a family signs (dates, place, transport) last changed: signatures
        // before it are superseded.
        .addColumn('terms_changed_at', 'text', (c) => c.notNull())
        .addColumn('published_at', 'text')
        .addColumn('cancelled_at', 'text')
        .addColumn('created_by', 'integer', user)
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('activities_starts_idx')
        .on('activities')
        .columns(['starts_at', 'id'])
        .execute();

      // An activity's audience: none is the whole group (as an album's).
      await db.schema
        .createTable('activity_sections')
        .addColumn('activity_id', 'integer', activity)
        .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id'))
        .addPrimaryKeyConstraint('activity_sections_pk', ['activity_id', 'section_id'])
        .execute();
      await db.schema
        .createIndex('activity_sections_section_idx')
        .on('activity_sections')
        .column('section_id')
        .execute();

      // Up to ten questions per activity.
      await db.schema
        .createTable('activity_questions')
        .addColumn('id', idType, id)
        .addColumn('activity_id', 'integer', activity)
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('text', 'yesno', 'choice')`),
        )
        // JSON array of strings for 'choice'; null otherwise.
        .addColumn('options', 'text')
        .addColumn('required', 'integer', (c) => c.notNull().check(sql`required in (0, 1)`))
        .execute();
      await db.schema
        .createIndex('activity_questions_activity_idx')
        .on('activity_questions')
        .columns(['activity_id', 'position'])
        .execute();

      // A child's answer: «Va» (with a place, or waiting in line) or «No va». No row: pending.
      await db.schema
        .createTable('activity_signups')
        .addColumn('id', idType, id)
        .addColumn('activity_id', 'integer', activity)
        .addColumn('child_id', 'integer', child)
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('va', 'no_va', 'espera')`),
        )
        // The order of the waiting list (and of the places): when the child last said «Va».
        .addColumn('queued_at', 'text')
        // JSON object: question id → answer.
        .addColumn('answers', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('updated_by', 'integer', user)
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('activity_signups_child_unique', ['activity_id', 'child_id'])
        .execute();
      await db.schema
        .createIndex('activity_signups_child_idx')
        .on('activity_signups')
        .column('child_id')
        .execute();

      // The autorización's text, versioned as the consent text is.
      await db.schema
        .createTable('authorization_texts')
        .addColumn('id', idType, id)
        .addColumn('version', 'integer', (c) => c.notNull().unique())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', user)
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      // An autorización given: signed online by a guardian (the evidence of a simple electronic
      // signature) or recorded from paper by a manager. Never deleted; withdrawn or superseded
      // ones stay, marked.
      await db.schema
        .createTable('activity_authorizations')
        .addColumn('id', idType, id)
        .addColumn('activity_id', 'integer', activity)
        .addColumn('child_id', 'integer', child)
        .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('online', 'paper')`))
        // Online: the guardian who signed (null once their account is gone) and as whom.
        .addColumn('guardian_id', 'integer', user)
        .addColumn('signer_name', 'text')
        .addColumn('signer_dni', 'text')
        // The exact text shown and signed, its SHA-256 (hex), and the text's version.
        .addColumn('text', 'text')
        .addColumn('text_sha256', 'text')
        .addColumn('text_version', 'integer')
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        // How they confirmed: their password, or a recent Google sign-in.
        .addColumn('confirmed_with', 'text', (c) =>
          c.check(sql`confirmed_with in ('password', 'google')`),
        )
        // Paper: the scan (a private key, metadata stripped) and a note.
        .addColumn('paper_key', 'text')
        .addColumn('note', 'text')
        .addColumn('recorded_by', 'integer', user)
        .addColumn('signed_at', 'text', (c) => c.notNull())
        .addColumn('withdrawn_at', 'text')
        .addColumn('superseded_at', 'text')
        .execute();
      await db.schema
        .createIndex('activity_authorizations_activity_idx')
        .on('activity_authorizations')
        .columns(['activity_id', 'child_id'])
        .execute();
      await db.schema
        .createIndex('activity_authorizations_guardian_idx')
        .on('activity_authorizations')
        .column('guardian_id')
        .execute();

      // What a child's family has paid for an activity, marked by hand.
      await db.schema
        .createTable('activity_payments')
        .addColumn('activity_id', 'integer', activity)
        .addColumn('child_id', 'integer', child)
        .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
        .addColumn('method', 'text', (c) =>
          c.notNull().check(sql`method in ('efectivo', 'transferencia', 'bizum')`),
        )
        .addColumn('recorded_by', 'integer', user)
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('activity_payments_pk', ['activity_id', 'child_id'])
        .execute();

      // A reminder sent to a family for an activity: once per family per reminder ('7d', '2d', or
      // a manager's 'manual:<when>'), however many children.
      await db.schema
        .createTable('activity_reminders')
        .addColumn('activity_id', 'integer', activity)
        .addColumn('reminder', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('activity_reminders_pk', ['activity_id', 'reminder', 'user_id'])
        .execute();

      // A private calendar feed: a family's (their user) or a section's (for its scouters). Only
      // the token's SHA-256 is kept; resetting it makes a new row and drops the old.
      await db.schema
        .createTable('calendar_feeds')
        .addColumn('id', idType, id)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('section_id', 'integer', (c) => c.references('sections.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint(
          'calendar_feeds_one_owner',
          sql`(user_id is null) <> (section_id is null)`,
        )
        .execute();

      const now = new Date().toISOString();
      await sql`insert into authorization_texts (version, body, created_at)
        values (1, ${DEFAULT_AUTHORIZATION_TEXT}, ${now})`.execute(db);
      for (const key of ACTIVITY_SETTING_KEYS) {
        await sql`insert into group_settings (key, value, updated_at)
          values (${key}, '', ${now})`.execute(db);
      }

      if (dialect === 'postgres') {
        for (const table of [
          'activities',
          'activity_sections',
          'activity_questions',
          'activity_signups',
          'authorization_texts',
          'activity_authorizations',
          'activity_payments',
          'activity_reminders',
          'calendar_feeds',
        ]) {
          await trackReadVersion(db, table);
        }
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'calendar_feeds',
        'activity_reminders',
        'activity_payments',
        'activity_authorizations',
        'authorization_texts',
        'activity_signups',
        'activity_questions',
        'activity_sections',
        'activities',
      ]) {
        await db.schema.dropTable(table).execute();
      }
      await sql`delete from group_settings where key in ('protection_delegate_name', 'protection_delegate_contact')`.execute(
        db,
      );
      await db.schema.alterTable('users').dropColumn('dni').execute();
    },
  };
}
