import {
  CAMP_ERRORS,
  CAMP_MSG,
  AUTHORIZATION_ERRORS as E,
  AUTHORIZATION_MESSAGES as M,
} from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTHORIZATION_TEXT } from '../../db/migrations/019-activities.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';

/* The admin's autorización text (versioned) and the group's delegado/a de protección. */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload && { payload }) });

describe('the autorización text', () => {
  it('starts at version 1 with an empty delegado/a, and appends versions', async () => {
    const first = await call('GET', '/api/admin/authorization-text');
    expect(first.json()).toMatchObject({
      version: 1,
      body: DEFAULT_AUTHORIZATION_TEXT,
      delegate_name: '',
      delegate_contact: '',
    });
    const body = 'Yo, {tutor}, con DNI/NIE {dni}, autorizo a {educando} a ir a «{actividad}».';
    const res = await call('POST', '/api/admin/authorization-text', { body: ` ${body} ` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ version: 2, body, message: M.textCreated(2) });
    expect((await call('GET', '/api/admin/authorization-text')).json()).toMatchObject({
      version: 2,
      body,
    });
    const audit = await t.app.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['target_label', 'details'])
      .where('action', '=', 'authorization_text.created')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ target_label: 'Versión 2', details: '{"version":"2"}' });
  });

  it('refuses unknown placeholders and an empty text, and keeps the version', async () => {
    const before = (await call('GET', '/api/admin/authorization-text')).json().version;
    const unknown = await call('POST', '/api/admin/authorization-text', {
      body: 'Yo, {tutor}, autorizo a {hijo} el {fecha}.',
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      400,
      'El texto usa huecos que no existen: {hijo}, {fecha}. Revisa cómo están escritos.',
    ]);
    const empty = await call('POST', '/api/admin/authorization-text', { body: '   ' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, E.textRequired]);
    expect((await call('GET', '/api/admin/authorization-text')).json().version).toBe(before);
  });
});

describe('the delegado/a de protección', () => {
  it('is an account (a scouter or an admin) and a contact: saved, audited and read with the text', async () => {
    const marta = await createUser(t.app, { role: 'scouter', name: 'Marta Delegada' });
    const res = await call('PUT', '/api/admin/protection-delegate', {
      user_id: marta.row.id,
      contact: ' proteccion@grupo.org ',
    });
    expect(res.json()).toEqual({
      user_id: marta.row.id,
      name: 'Marta Delegada',
      contact: 'proteccion@grupo.org',
      message: M.delegateSaved,
    });
    expect((await call('GET', '/api/admin/authorization-text')).json()).toMatchObject({
      delegate_name: 'Marta Delegada',
      delegate_contact: 'proteccion@grupo.org',
    });
    const audit = await t.app.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['actor_id', 'target_label'])
      .where('action', '=', 'protection_delegate.changed')
      .execute();
    expect(audit).toEqual([{ actor_id: admin.row.id, target_label: 'Delegado/a de protección' }]);
    // The account's name is the delegado/a's: the autorización's text follows a new name.
    await t.app.ctx.db.kysely
      .updateTable('users')
      .set({ name: 'Marta Delegada Ruiz' })
      .where('id', '=', marta.row.id)
      .execute();
    expect((await call('GET', '/api/admin/authorization-text')).json().delegate_name).toBe(
      'Marta Delegada Ruiz',
    );

    const family = await createUser(t.app, { role: 'usuario', name: 'Padre' });
    const refused: [object, number, string][] = [
      [{ user_id: marta.row.id, contact: '' }, 400, CAMP_MSG.delegateContactRequired],
      [{ user_id: family.row.id, contact: 'x' }, 400, CAMP_ERRORS.delegateNotAdult],
      [{ user_id: 999_999, contact: 'x' }, 400, CAMP_ERRORS.delegateNotAdult],
      [{ name: 'Marta', contact: 'x' }, 400, CAMP_MSG.personInvalid],
    ];
    for (const [payload, status, message] of refused) {
      const bad = await call('PUT', '/api/admin/protection-delegate', payload);
      expect([bad.statusCode, bad.json().message]).toEqual([status, message]);
    }
    expect((await call('GET', '/api/admin/authorization-text')).json().delegate_contact).toBe(
      'proteccion@grupo.org',
    );
  });
});
