import { ACTIVITY_BOARD_MESSAGES } from '@fogata/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addSignup,
  daysFromNow,
  familiesToRemind,
  insertActivity,
  queuedMails,
} from '../../test/activity-factories.js';
import { testAppPerFile } from '../../test/app-per-file.js';
import { createSection } from '../../test/family-factories.js';
import { ActivityBoardService, activityRemindersJob } from './activity-board.service.js';

/**
 * The automatic reminders, 7 and 2 days before the deadline, on an app of their own: each check
 * reads every activity of the database, so no other test's activity is due with them.
 */

const t = testAppPerFile();

let section: number;
beforeAll(async () => {
  // The mails are read from the queue, before the worker sends them and forgets their bodies.
  await t.app.ctx.mailQueue.stop();
  section = await createSection(t.app);
});

const families = () => familiesToRemind(t.app, section);

const reminders = (title: string) =>
  queuedMails(t.app, ACTIVITY_BOARD_MESSAGES.reminderSubject(title));

describe('the automatic reminders', () => {
  it('go 7 days and 2 days before the deadline, once each per family, even with two instances at once', async () => {
    const f = await families();
    const start = Date.now();
    const title = 'Acampada de primavera';
    const { id } = await insertActivity(t.app, {
      sections: [section],
      title,
      signupDeadline: daysFromNow(10, start),
      startsAt: daysFromNow(12, start),
    });
    await addSignup(t.app, id, f.done, 'va');
    const at = (days: number) => new Date(start + days * 24 * 3600_000);
    const one = new ActivityBoardService(t.app.ctx);
    const other = new ActivityBoardService(t.app.ctx);

    // Ten days before: nothing due yet.
    expect(await one.sendDueReminders(at(0))).toBe(0);
    // Six days before: the 7-day reminder, sent by one of the two instances only.
    const [a, b] = await Promise.all([one.sendDueReminders(at(4)), other.sendDueReminders(at(4))]);
    expect(a + b).toBe(2);
    expect(await one.sendDueReminders(at(5))).toBe(0);
    // A family that answers meanwhile gets no more.
    await addSignup(t.app, id, f.first, 'va');
    // A day and a half before: the 2-day reminder.
    // The app's own periodic check sends it.
    const job = activityRemindersJob(t.app.ctx);
    expect(await job.runOnce(at(8.5))).toBe(2);
    expect(await one.sendDueReminders(at(9))).toBe(0);
    // After the deadline: nothing.
    expect(await one.sendDueReminders(at(11))).toBe(0);

    const mails = await reminders(title);
    expect(mails.map((m) => m.recipient).sort()).toEqual(
      [f.mum.email, f.dad.email, f.mum.email, f.dad.email].sort(),
    );
    const kinds = await t.app.ctx.db.kysely
      .selectFrom('activity_reminders')
      .select(['reminder', 'user_id'])
      .where('activity_id', '=', id)
      .orderBy('reminder', 'desc')
      .orderBy('user_id')
      .execute();
    expect(kinds).toEqual([
      { reminder: '7d', user_id: f.mum.row.id },
      { reminder: '7d', user_id: f.dad.row.id },
      { reminder: '2d', user_id: f.mum.row.id },
      { reminder: '2d', user_id: f.dad.row.id },
    ]);
    const audit = await t.app.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['actor_id', 'actor_name', 'details'])
      .where('action', '=', 'activity.reminders_sent')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        actor_id: null,
        actor_name: ACTIVITY_BOARD_MESSAGES.automaticActor,
        details: JSON.stringify({ reminder: '7d', families: '2' }),
      },
      {
        actor_id: null,
        actor_name: ACTIVITY_BOARD_MESSAGES.automaticActor,
        details: JSON.stringify({ reminder: '2d', families: '2' }),
      },
    ]);
  });

  it('skip drafts, closed and cancelled activities', async () => {
    await families();
    const start = Date.now();
    for (const status of ['borrador', 'cerrada', 'cancelada'] as const) {
      await insertActivity(t.app, {
        sections: [section],
        title: `No recordar ${status}`,
        status,
        signupDeadline: daysFromNow(1, start),
      });
    }
    const service = new ActivityBoardService(t.app.ctx);
    await service.sendDueReminders(new Date(start));
    for (const status of ['borrador', 'cerrada', 'cancelada']) {
      expect(await reminders(`No recordar ${status}`)).toEqual([]);
    }
  });
});
