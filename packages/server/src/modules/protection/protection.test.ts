import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CAMP_ERRORS, CAMP_MSG, SERVER_ERRORS } from '@fogata/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertActivity } from '../../test/activity-factories.js';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { nameDelegate } from '../../test/safeguarding-factories.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../test/smtp.js';
import { PublicReads } from '../public-web/page-reads.js';

/*
 * The delegado/a de protección: who they are (everyone reads it), the messages anyone may write
 * them (sealed, told by mail without their content), read only by the account named, and the log
 * of who read them, apart from the audit trail.
 */

const SECRET = 'En la acampada un monitor me dijo algo que me hizo sentir mal';
const SIGNED = 'Quiero hablar de lo que pasó con mi hija en la salida';

let t: TestApp;
let smtp: SmtpReceiver;
let admin: TestUser;
let marta: TestUser;
let scouter: TestUser;
let family: TestUser;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await buildTestApp({ smtpUrl: smtp.url });
  admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
  marta = await createUser(t.app, { role: 'scouter', name: 'Marta Delegada' });
  scouter = await createUser(t.app, { role: 'scouter', name: 'Otro Scouter' });
  family = await createUser(t.app, { role: 'usuario', name: 'Padre Pérez' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const send = (payload: object, user?: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/protection/messages',
    payload,
    ...(user && { headers: user.headers }),
  });
const get = (url: string, user?: TestUser) =>
  t.app.inject({ url, ...(user && { headers: user.headers }) });

/** What a visitor's who-we-are page carries of the delegado/a, as the server draws it. */
async function pageDelegate() {
  const read = new PublicReads(t.app.ctx).whoWeAre().find((r) => r.path === '/protection/delegate');
  return read?.read();
}

/** Every byte the database keeps: the SQLite files, or every row of PostgreSQL's tables. */
async function databaseBytes(): Promise<string> {
  if (t.app.ctx.db.dialect === 'sqlite') {
    return ['fogata.db', 'fogata.db-wal']
      .map((file) => join(t.config.dataDir, file))
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file).toString('latin1'))
      .join('');
  }
  const tables = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = current_schema()`.execute(
    t.app.ctx.db.kysely,
  );
  let bytes = '';
  for (const { tablename } of tables.rows) {
    const rows = await sql`select * from ${sql.table(tablename)}`.execute(t.app.ctx.db.kysely);
    bytes += JSON.stringify(rows.rows);
  }
  return bytes;
}

describe('the delegado/a de protección', () => {
  it('until one is named: nobody shows, and a message is refused with a clear reason', async () => {
    expect((await get('/api/protection/delegate')).json()).toBeNull();
    expect(await pageDelegate()).toBeNull();
    const refused = await send({ body: 'Hola' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, CAMP_ERRORS.noDelegate]);
    const activity = (await insertActivity(t.app)).id;
    expect((await get(`/api/activities/${activity}`, admin)).json().protection_delegate).toBeNull();
  });

  it('once named, shows on the public page, on every activity and to anyone who asks', async () => {
    await nameDelegate(t.app, admin, marta.row.id, 'proteccion@grupo.org · 600 111 222');
    const delegate = { name: 'Marta Delegada', contact: 'proteccion@grupo.org · 600 111 222' };
    expect((await get('/api/protection/delegate')).json()).toEqual(delegate);
    expect(await pageDelegate()).toEqual(delegate);
    const activity = (await insertActivity(t.app)).id;
    expect((await get(`/api/activities/${activity}`, scouter)).json().protection_delegate).toEqual(
      delegate,
    );
  });

  it('takes a message from anyone, sealed; the delegado/a is told by mail without its content', async () => {
    const anonymous = await send({ body: ` ${SECRET} `, name: 'Una educanda', reply_to: '' });
    expect(anonymous.statusCode, anonymous.body).toBe(201);
    expect(anonymous.json()).toEqual({
      message: 'Tu mensaje ha llegado al delegado/a de protección. Solo esa persona puede leerlo.',
    });
    const mail = await smtp.waitFor(marta.email, 15_000);
    expect(mail.subject).toBe('Tienes un mensaje como delegado/a de protección');
    expect(mail.text).toBe(
      `Hola:\n\n${CAMP_MSG.protectionWaitingBody}\n\n${TEST_PUBLIC_URL}/proteccion/mensajes\n`,
    );
    expect(`${mail.text}${mail.html}`).not.toContain('acampada');
    expect(mail.html).not.toContain('Una educanda');

    const signed = await send({ body: SIGNED, reply_to: 'padre@example.org' }, family);
    expect(signed.statusCode).toBe(201);
    await smtp.waitFor(marta.email, 15_000);

    const rows = await t.app.ctx.db.kysely.selectFrom('protection_messages').selectAll().execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/);
    const bytes = await databaseBytes();
    for (const text of [
      'monitor me dijo',
      'mi hija en la salida',
      'Una educanda',
      'padre@example.org',
    ]) {
      expect(bytes.includes(text), text).toBe(false);
    }

    const invalid: [object, string][] = [
      [{ body: '   ' }, CAMP_MSG.protectionBodyRequired],
      [{}, CAMP_MSG.protectionBodyRequired],
      [{ body: 'x'.repeat(5001) }, CAMP_MSG.protectionBodyTooLong],
      [{ body: 'Hola', name: 'x'.repeat(101) }, CAMP_MSG.protectionNameTooLong],
      [{ body: 'Hola', reply_to: 'x'.repeat(201) }, CAMP_MSG.protectionReplyTooLong],
    ];
    for (const [payload, message] of invalid) {
      const bad = await send(payload);
      expect([bad.statusCode, bad.json().message]).toEqual([400, message]);
    }
  });

  it('only the account named reads them; each reading goes to its own log, not the audit trail', async () => {
    for (const other of [scouter, admin, family]) {
      const refused = await get('/api/protection/messages', other);
      expect([refused.statusCode, refused.json().message]).toEqual([403, CAMP_ERRORS.notDelegate]);
    }
    expect((await get('/api/protection/messages')).statusCode).toBe(401);
    const auditBefore = await t.app.ctx.db.kysely
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();

    const res = await get('/api/protection/messages', marta);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { items } = res.json();
    expect(
      items.map((m: Record<string, unknown>) => [m.body, m.name, m.reply_to, m.sender_name]),
    ).toEqual([
      [SIGNED, null, 'padre@example.org', 'Padre Pérez'],
      [SECRET, 'Una educanda', null, null],
    ]);

    const reads = await t.app.ctx.db.kysely
      .selectFrom('protection_message_reads')
      .select(['message_id', 'reader_id', 'reader_name'])
      .orderBy('message_id')
      .execute();
    expect(reads).toEqual(
      [...items].reverse().map((m: { id: number }) => ({
        message_id: m.id,
        reader_id: marta.row.id,
        reader_name: 'Marta Delegada',
      })),
    );
    const auditAfter = await t.app.ctx.db.kysely
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(auditAfter.n)).toBe(Number(auditBefore.n));

    // The log: the delegado/a and the admins see who read which when, never what it says.
    for (const reader of [marta, admin]) {
      const log = await get('/api/protection/reads', reader);
      expect(log.statusCode).toBe(200);
      expect(log.json().items).toHaveLength(2);
      expect(log.json().items[0]).toEqual({
        message_id: expect.any(Number),
        reader_name: 'Marta Delegada',
        read_at: expect.any(String),
      });
      expect(log.body).not.toContain('acampada');
      expect(log.body).not.toContain('salida');
    }
    const refused = await get('/api/protection/reads', scouter);
    expect([refused.statusCode, refused.json().message]).toEqual([403, CAMP_ERRORS.notDelegate]);

    // Another account named: the former delegado/a reads nothing more.
    await nameDelegate(t.app, admin, scouter.row.id);
    expect((await get('/api/protection/messages', marta)).statusCode).toBe(403);
    expect((await get('/api/protection/messages', scouter)).json().items).toHaveLength(2);
  });
});

describe('writing to the delegado/a is rate-limited as sign-in is', () => {
  it('answers 429 past AUTH_RATE_LIMIT messages a minute from one address', async () => {
    const limited = await buildTestApp({ authRateLimit: 2 });
    try {
      const boss = await createUser(limited.app, { role: 'admin' });
      const delegate = await createUser(limited.app, { role: 'scouter' });
      await nameDelegate(limited.app, boss, delegate.row.id);
      const post = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/protection/messages',
          payload: { body: 'Hola' },
        });
      expect((await post()).statusCode).toBe(201);
      expect((await post()).statusCode).toBe(201);
      const third = await post();
      expect([third.statusCode, third.json().message]).toEqual([
        429,
        SERVER_ERRORS.tooManyRequests,
      ]);
    } finally {
      await limited.close();
    }
  });
});
