import { CAMP_ERRORS, CAMP_MSG, SERVER_ERRORS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { certify } from '../../test/safeguarding-factories.js';
import { addMonths, madridDay } from './certificates.js';

/* The certificados negativos of the adults and the camp settings (admins). */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
});
afterAll(() => t.close());

const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload && { payload }) });

const today = () => madridDay(new Date());
const monthsAgo = (months: number) => addMonths(today(), -months);

describe('the certificados negativos', () => {
  it('lists every scouter and admin with their latest certificado, missing and due first', async () => {
    const [beatriz, carlos, diana, elena] = await Promise.all(
      ['Beatriz', 'Carlos', 'Diana', 'Elena'].map((name) =>
        createUser(t.app, { role: 'scouter', name: `${name} Scouter` }),
      ),
    );
    const family = await createUser(t.app, { role: 'usuario', name: 'Padre' });
    await certify(t.app, carlos!.row.id, monthsAgo(25));
    await certify(t.app, carlos!.row.id, monthsAgo(13));
    await certify(t.app, diana!.row.id, monthsAgo(10));
    await certify(t.app, elena!.row.id, monthsAgo(1));

    const res = await call(admin, 'GET', '/api/safeguarding/certificates');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.renewal_months).toBe(12);
    const ours = new Set([admin, beatriz, carlos, diana, elena].map((u) => u!.row.id));
    expect(body.adults.some((a: { user_id: number }) => a.user_id === family.row.id)).toBe(false);
    const shown = body.adults
      .filter((a: { user_id: number }) => ours.has(a.user_id))
      .map(
        (a: { name: string; state: string; issued_on: string | null; due_on: string | null }) => [
          a.name,
          a.state,
          a.issued_on,
          a.due_on,
        ],
      );
    expect(shown).toEqual([
      ['Ana Admin', 'missing', null, null],
      ['Beatriz Scouter', 'missing', null, null],
      ['Carlos Scouter', 'expired', monthsAgo(13), addMonths(monthsAgo(13), 12)],
      ['Diana Scouter', 'due_soon', monthsAgo(10), addMonths(monthsAgo(10), 12)],
      ['Elena Scouter', 'current', monthsAgo(1), addMonths(monthsAgo(1), 12)],
    ]);
  });

  it('records a certificado seen (its date and who checked it, audited), and refuses the wrong ones', async () => {
    const fran = await createUser(t.app, { role: 'scouter', name: 'Fran Scouter' });
    const issued = monthsAgo(2);
    const res = await call(admin, 'POST', '/api/safeguarding/certificates', {
      user_id: fran.row.id,
      issued_on: issued,
    });
    expect(res.statusCode, res.body).toBe(201);
    const recorded = res.json();
    expect(recorded).toMatchObject({
      user_id: fran.row.id,
      name: 'Fran Scouter',
      email: fran.email,
      role: 'scouter',
      issued_on: issued,
      checked_by_name: 'Ana Admin',
      due_on: addMonths(issued, 12),
      state: 'current',
    });
    expect(Date.parse(recorded.checked_at)).toBeGreaterThan(Date.now() - 60_000);
    const audit = await t.app.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['actor_id', 'target_type', 'target_id', 'target_label', 'details'])
      .where('action', '=', 'safeguarding.certificate_recorded')
      .execute();
    expect(audit).toEqual([
      {
        actor_id: admin.row.id,
        target_type: 'user',
        target_id: fran.row.id,
        target_label: 'Fran Scouter',
        details: JSON.stringify({ issued_on: issued }),
      },
    ]);
    // Only the date and who checked it: no column could hold the certificate itself.
    const stored = await t.app.ctx.db.kysely
      .selectFrom('safeguarding_certificates')
      .selectAll()
      .where('user_id', '=', fran.row.id)
      .execute();
    expect(stored.map((row) => Object.keys(row).sort())).toEqual([
      ['checked_at', 'checked_by', 'id', 'issued_on', 'user_id'],
    ]);

    const family = await createUser(t.app, { role: 'usuario', name: 'Madre' });
    const refused: [object, string][] = [
      [{ user_id: fran.row.id, issued_on: addMonths(today(), 1) }, CAMP_MSG.certificateDateFuture],
      [{ user_id: fran.row.id, issued_on: '15/03/2026' }, CAMP_MSG.certificateDateInvalid],
      [{ user_id: fran.row.id }, CAMP_MSG.certificateDateInvalid],
      [{ user_id: family.row.id, issued_on: issued }, CAMP_ERRORS.certificateNotAdult],
      [{ user_id: 999_999, issued_on: issued }, CAMP_MSG.personInvalid],
      [{ user_id: 'x', issued_on: issued }, CAMP_MSG.personInvalid],
    ];
    for (const [payload, message] of refused) {
      const bad = await call(admin, 'POST', '/api/safeguarding/certificates', payload);
      expect([bad.statusCode, bad.json().message], JSON.stringify(payload)).toEqual([400, message]);
    }
    const scouter = await createUser(t.app, { role: 'scouter' });
    const forbidden = await call(scouter, 'POST', '/api/safeguarding/certificates', {
      user_id: scouter.row.id,
      issued_on: issued,
    });
    expect([forbidden.statusCode, forbidden.json().message]).toEqual([
      403,
      SERVER_ERRORS.forbidden,
    ]);
  });
});

describe('the camp settings', () => {
  it('start at 10 children per adult, yearly renewal and 30 days; changes are audited', async () => {
    const first = await call(admin, 'GET', '/api/safeguarding/settings');
    expect(first.json()).toEqual({
      staff_ratio: 10,
      certificate_renewal_months: 12,
      health_retention_days: 30,
      protection_delegate: null,
    });
    const res = await call(admin, 'PUT', '/api/safeguarding/settings', {
      staff_ratio: 8,
      certificate_renewal_months: 36,
      health_retention_days: 30,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      staff_ratio: 8,
      certificate_renewal_months: 36,
      health_retention_days: 30,
      protection_delegate: null,
    });
    const audit = await t.app.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['actor_id', 'details'])
      .where('action', '=', 'safeguarding.settings_changed')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        actor_id: admin.row.id,
        details: JSON.stringify({ setting: 'staff_ratio', from: '10', to: '8' }),
      },
      {
        actor_id: admin.row.id,
        details: JSON.stringify({ setting: 'certificate_renewal_months', from: '12', to: '36' }),
      },
    ]);
    // Three years' renewal: a certificado of 13 months ago is current again.
    const list = (await call(admin, 'GET', '/api/safeguarding/certificates')).json();
    expect(list.renewal_months).toBe(36);
    expect(list.adults.find((a: { name: string }) => a.name === 'Carlos Scouter')?.state).toBe(
      'current',
    );

    // The delegado/a named shows in the settings, by their account's name.
    const delegate = await createUser(t.app, { role: 'scouter', name: 'Marta Delegada' });
    await call(admin, 'PUT', '/api/admin/protection-delegate', {
      user_id: delegate.row.id,
      contact: '600 000 000',
    });
    expect(
      (await call(admin, 'GET', '/api/safeguarding/settings')).json().protection_delegate,
    ).toEqual({
      user_id: delegate.row.id,
      name: 'Marta Delegada',
      contact: '600 000 000',
    });
  });

  it('refuses a value out of range with its own message', async () => {
    const valid = { staff_ratio: 10, certificate_renewal_months: 12, health_retention_days: 30 };
    const refused: [object, string][] = [
      [{ ...valid, staff_ratio: 0 }, CAMP_MSG.staffRatioInvalid],
      [{ ...valid, staff_ratio: 51 }, CAMP_MSG.staffRatioInvalid],
      [{ ...valid, staff_ratio: 2.5 }, CAMP_MSG.staffRatioInvalid],
      [{ ...valid, certificate_renewal_months: 61 }, CAMP_MSG.renewalMonthsInvalid],
      [{ ...valid, health_retention_days: -1 }, CAMP_MSG.retentionDaysInvalid],
      [{ ...valid, health_retention_days: '30' }, CAMP_MSG.retentionDaysInvalid],
    ];
    for (const [payload, message] of refused) {
      const bad = await call(admin, 'PUT', '/api/safeguarding/settings', payload);
      expect([bad.statusCode, bad.json().message], JSON.stringify(payload)).toEqual([400, message]);
    }
  });
});
