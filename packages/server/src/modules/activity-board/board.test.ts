import { ACTIVITY_BOARD_ERRORS, ACTIVITY_ERRORS, type Board, MSG } from '@fogata/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addAuthorization,
  addPayment,
  addSignup,
  insertActivity,
} from '../../test/activity-factories.js';
import { testAppPerFile } from '../../test/app-per-file.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  assignScouter,
  createChild,
  createChildRow,
  createSection,
} from '../../test/family-factories.js';
import { countQueries } from '../../test/gallery-factories.js';

/** The scouters' board of an activity, and its payments, on the real database. */

const t = testAppPerFile();

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(t.app, { role: 'admin' });
});

const board = (id: number, who: TestUser = admin) =>
  t.app.inject({ url: `/api/activities/${id}/board`, headers: who.headers });

const pay = (id: number, child: number, payload: unknown, who: TestUser = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/activities/${id}/children/${child}/payment`,
    headers: who.headers,
    payload: payload as object,
  });

describe('the board', () => {
  it('shows every active child of the audience by section then name, with answer, autorización, payment and counts', async () => {
    const early = await createSection(t.app, { position: 1 });
    const late = await createSection(t.app, { position: 2 });
    const other = await createSection(t.app);
    const mum = await createUser(t.app, { name: 'Madre Ruiz' });
    const dad = await createUser(t.app, { name: 'Padre Ruiz' });
    const zoe = await createChildRow(t.app, {
      sectionId: early,
      name: 'Zoe Ruiz',
      guardians: [mum.row.id, dad.row.id],
    });
    const ana = await createChildRow(t.app, { sectionId: early, name: 'Ana Vidal' });
    const leo = await createChildRow(t.app, { sectionId: late, name: 'Leo Sanz' });
    const eva = await createChildRow(t.app, { sectionId: late, name: 'Eva Mora' });
    const pau = await createChildRow(t.app, { sectionId: late, name: 'Pau Gil' });
    await createChild(t.app, { sectionId: late, name: 'Baja Antigua', active: false });
    await createChild(t.app, { sectionId: other, name: 'Otra Sección' });
    const { id, questions } = await insertActivity(t.app, {
      sections: [early, late],
      places: 1,
      bothGuardians: true,
      questions: [{ label: '¿Alergias?', kind: 'text' }],
    });
    const [allergies] = questions as [number];
    await addSignup(t.app, id, zoe.id, 'va', { [allergies]: 'Ninguna' });
    await addSignup(t.app, id, leo.id, 'espera');
    await addSignup(t.app, id, eva.id, 'espera');
    await addSignup(t.app, id, pau.id, 'no_va');
    await addAuthorization(t.app, id, zoe.id, {
      method: 'online',
      guardianId: mum.row.id,
      signerName: 'Madre Ruiz',
    });
    await addAuthorization(t.app, id, leo.id, { method: 'paper' });
    await addAuthorization(t.app, id, eva.id, {
      method: 'online',
      guardianId: mum.row.id,
      withdrawn: true,
    });
    await addPayment(t.app, id, zoe.id, 4500, 'transferencia');

    const res = await board(id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Board>();
    expect(body.activity).toMatchObject({ id, can_manage: true, places: 1, both_guardians: true });
    expect(body.rows.map((r) => r.child_name)).toEqual([
      'Ana Vidal',
      'Zoe Ruiz',
      'Eva Mora',
      'Leo Sanz',
      'Pau Gil',
    ]);
    const row = (name: string) => body.rows.find((r) => r.child_name === name)!;
    expect(row('Zoe Ruiz')).toMatchObject({
      child_id: zoe.id,
      signup: 'va',
      waiting_position: null,
      answers: { [allergies]: 'Ninguna' },
      // Both guardians asked, one signed.
      authorization: {
        state: 'partial',
        via: 'online',
        signatures: [{ method: 'online', signer_name: 'Madre Ruiz' }],
      },
      payment: { amount_cents: 4500, method: 'transferencia' },
    });
    expect(row('Ana Vidal')).toMatchObject({
      child_id: ana.id,
      signup: 'pendiente',
      authorization: { state: 'missing', via: null, signatures: [] },
      payment: null,
    });
    expect(row('Leo Sanz')).toMatchObject({
      signup: 'espera',
      waiting_position: 1,
      authorization: { state: 'paper', via: 'paper' },
    });
    // A withdrawn signature does not count and is not listed.
    expect(row('Eva Mora')).toMatchObject({
      signup: 'espera',
      waiting_position: 2,
      authorization: { state: 'missing', signatures: [] },
    });
    expect(row('Pau Gil').signup).toBe('no_va');
    expect(body.counts).toEqual({
      total: 5,
      pendiente: 1,
      va: 1,
      no_va: 1,
      espera: 2,
      autorizado: 0,
      sin_autorizar: 1,
      pagado: 1,
    });
    expect(res.body).not.toContain('Otra Sección');
    expect(res.body).not.toContain('Baja Antigua');
  });

  it('of a whole-group activity lists every section, and is read in the same number of queries for 3 children or 30', async () => {
    const section = await createSection(t.app);
    const { id } = await insertActivity(t.app);
    const few = await insertActivity(t.app, { sections: [section] });
    for (let i = 0; i < 3; i += 1) {
      const child = await createChild(t.app, { sectionId: section });
      await addSignup(t.app, few.id, child, 'va');
      await addPayment(t.app, few.id, child, 100);
      await addAuthorization(t.app, few.id, child, { method: 'paper' });
    }
    const small = await countQueries(t.app, () => board(few.id));
    for (let i = 0; i < 27; i += 1) {
      const child = await createChild(t.app, { sectionId: section });
      await addSignup(t.app, few.id, child, i % 2 ? 'va' : 'no_va');
      await addPayment(t.app, few.id, child, 100);
      await addAuthorization(t.app, few.id, child, { method: 'paper' });
    }
    const large = await countQueries(t.app, () => board(few.id));
    expect(small.result.json<Board>().rows).toHaveLength(3);
    expect(large.result.json<Board>().rows).toHaveLength(30);
    expect(large.queries).toBe(small.queries);

    const whole = await board(id);
    const sections = new Set(whole.json<Board>().rows.map((r) => r.section.id));
    expect(sections.has(section)).toBe(true);
  });

  it("is a scouter's for the whole group's and their sections' activities, a 404 for another section's", async () => {
    const mine = await createSection(t.app);
    const theirs = await createSection(t.app);
    const scouter = await createUser(t.app, { role: 'scouter' });
    await assignScouter(t.app, scouter.row.id, [mine]);
    const own = await insertActivity(t.app, { sections: [mine, theirs] });
    const group = await insertActivity(t.app);
    const other = await insertActivity(t.app, { sections: [theirs] });
    expect((await board(own.id, scouter)).statusCode).toBe(200);
    expect((await board(group.id, scouter)).statusCode).toBe(200);
    const denied = await board(other.id, scouter);
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toEqual({ message: ACTIVITY_ERRORS.notFound });
    const missing = await board(999_999);
    expect(missing.statusCode).toBe(404);
  });
});

describe('payments', () => {
  it('are marked, replaced and unmarked, each in the audit trail with the child by number', async () => {
    const section = await createSection(t.app);
    const child = await createChildRow(t.app, { sectionId: section, name: 'Nerea Pago' });
    const { id } = await insertActivity(t.app, { sections: [section], title: 'Acampada de otoño' });

    const first = await pay(id, child.id, { amount_cents: 2500, method: 'efectivo' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ amount_cents: 2500, method: 'efectivo' });
    const second = await pay(id, child.id, { amount_cents: 3000, method: 'bizum' });
    expect(second.json()).toMatchObject({ amount_cents: 3000, method: 'bizum' });
    const row = (await board(id)).json<Board>().rows[0];
    expect(row?.payment).toMatchObject({ amount_cents: 3000, method: 'bizum' });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/activities/${id}/children/${child.id}/payment`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await board(id)).json<Board>().rows[0]?.payment).toBeNull();

    const entries = await t.app.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id', 'target_label', 'details', 'actor_id'])
      .where('target_type', '=', 'activity')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      {
        action: 'activity.payment_recorded',
        target_type: 'activity',
        target_id: id,
        target_label: 'Acampada de otoño',
        details: JSON.stringify({
          child: String(child.id),
          amount_cents: '2500',
          method: 'efectivo',
        }),
        actor_id: admin.row.id,
      },
      expect.objectContaining({ action: 'activity.payment_recorded' }),
      expect.objectContaining({
        action: 'activity.payment_deleted',
        details: JSON.stringify({ child: String(child.id) }),
      }),
    ]);
    expect(JSON.stringify(entries)).not.toContain('Nerea');
  });

  it('refuses a negative amount, an unknown method and a child outside the audience in Spanish, changing nothing', async () => {
    const section = await createSection(t.app);
    const child = await createChild(t.app, { sectionId: section });
    const outsider = await createChild(t.app, { sectionId: await createSection(t.app) });
    const { id } = await insertActivity(t.app, { sections: [section] });
    await addPayment(t.app, id, child, 1000, 'efectivo');

    const negative = await pay(id, child, { amount_cents: -500, method: 'efectivo' });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({ message: ACTIVITY_BOARD_ERRORS.paymentAmountInvalid });
    const decimals = await pay(id, child, { amount_cents: 12.5, method: 'efectivo' });
    expect(decimals.json()).toMatchObject({ message: ACTIVITY_BOARD_ERRORS.paymentAmountInvalid });
    const huge = await pay(id, child, { amount_cents: 1_000_001, method: 'efectivo' });
    expect(huge.json()).toMatchObject({ message: ACTIVITY_BOARD_ERRORS.paymentAmountTooLarge });
    const method = await pay(id, child, { amount_cents: 500, method: 'paypal' });
    expect(method.statusCode).toBe(400);
    expect(method.json()).toMatchObject({ message: ACTIVITY_BOARD_ERRORS.paymentMethodInvalid });
    const outside = await pay(id, outsider, { amount_cents: 500, method: 'bizum' });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ message: ACTIVITY_ERRORS.childNotInAudience });
    const badId = await pay(id, 0, { amount_cents: 500, method: 'bizum' });
    expect(badId.json()).toMatchObject({ message: MSG.idInvalid });

    const payments = await t.app.ctx.db.kysely
      .selectFrom('activity_payments')
      .select(['child_id', 'amount_cents', 'method'])
      .where('activity_id', '=', id)
      .execute();
    expect(payments).toEqual([{ child_id: child, amount_cents: 1000, method: 'efectivo' }]);
    const audited = await t.app.ctx.db.kysely
      .selectFrom('audit_log')
      .select('id')
      .where('target_type', '=', 'activity')
      .where('target_id', '=', id)
      .execute();
    expect(audited).toEqual([]);
  });
});
