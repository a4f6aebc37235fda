import { ACTIVITY_BOARD_ERRORS, ACTIVITY_BOARD_MESSAGES } from '@fogata/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addSignup,
  daysFromNow,
  familiesToRemind,
  insertActivity,
  queuedMails,
} from '../../test/activity-factories.js';
import { testAppPerFile } from '../../test/app-per-file.js';
import { TEST_PUBLIC_URL } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { assignScouter, createSection } from '../../test/family-factories.js';

/** Reminders to the families who have not answered: by hand and 7 and 2 days before the deadline. */

const t = testAppPerFile();

let scouter: TestUser;
let section: number;
beforeAll(async () => {
  // The mails are read from the queue, before the worker sends them and forgets their bodies.
  await t.app.ctx.mailQueue.stop();
  section = await createSection(t.app);
  scouter = await createUser(t.app, { role: 'scouter' });
  await assignScouter(t.app, scouter.row.id, [section]);
});

const families = () => familiesToRemind(t.app, section);

const reminders = (title: string) =>
  queuedMails(t.app, ACTIVITY_BOARD_MESSAGES.reminderSubject(title));

const remind = (id: number, who: TestUser = scouter) =>
  t.app.inject({ method: 'POST', url: `/api/activities/${id}/reminders`, headers: who.headers });

describe('«Recordar a las familias pendientes»', () => {
  it('mails each guardian account with a child who has not answered once, however many children, and says so in the audit trail', async () => {
    const f = await families();
    const title = 'Salida al Retiro';
    const { id } = await insertActivity(t.app, { sections: [section], title });
    await addSignup(t.app, id, f.done, 'va');

    const res = await remind(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ families: 2 });
    const mails = await reminders(title);
    expect(mails.map((m) => m.recipient).sort()).toEqual([f.dad.email, f.mum.email].sort());
    const [mail] = mails;
    expect(mail?.text).toContain('2 de tus educandos no han respondido a «Salida al Retiro».');
    expect(mail?.text).toContain(ACTIVITY_BOARD_MESSAGES.reminderAsk);
    expect(mail?.link).toBe(`${TEST_PUBLIC_URL}/actividades/${id}`);
    // A mail can be forwarded: no child is named in it.
    expect(JSON.stringify(mails)).not.toContain('Olvido');

    // Again the same day: nobody is mailed twice.
    expect((await remind(id)).json()).toEqual({ families: 0 });
    expect(await reminders(title)).toHaveLength(2);

    const audit = await t.app.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'details'])
      .where('target_type', '=', 'activity')
      .where('target_id', '=', id)
      .execute();
    expect(audit).toEqual([
      {
        action: 'activity.reminders_sent',
        actor_id: scouter.row.id,
        details: JSON.stringify({ reminder: 'manual', families: '2' }),
      },
    ]);
  });

  it('counts only the children still pending: a family whose only pending child answers is not mailed', async () => {
    const f = await families();
    const title = 'Excursión al Pardo';
    const { id } = await insertActivity(t.app, { sections: [section], title });
    await addSignup(t.app, id, f.first, 'no_va');
    await remind(id);
    const mail = (await reminders(title)).find((m) => m.recipient === f.mum.email);
    expect(mail?.text).toContain('Uno de tus educandos no ha respondido a «Excursión al Pardo».');
  });

  it('is refused while the activity is a draft, closed, or past its deadline (409, nothing sent)', async () => {
    await families();
    for (const [title, opts] of [
      ['Borrador', { status: 'borrador' as const }],
      ['Cerrada', { status: 'cerrada' as const }],
      ['Plazo pasado', { signupDeadline: daysFromNow(-1) }],
    ] as const) {
      const { id } = await insertActivity(t.app, { sections: [section], title, ...opts });
      const res = await remind(id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: ACTIVITY_BOARD_ERRORS.remindersClosed });
      expect(await reminders(title)).toEqual([]);
    }
  });

  it("is a 404 for another section's activity", async () => {
    const { id } = await insertActivity(t.app, { sections: [await createSection(t.app)] });
    const res = await remind(id);
    expect(res.statusCode).toBe(404);
  });
});
