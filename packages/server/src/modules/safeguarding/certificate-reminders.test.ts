import { CAMP_MSG } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/build-app.js';
import { createUser } from '../../test/factories.js';
import { certify } from '../../test/safeguarding-factories.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../test/smtp.js';
import { certificateRemindersJob, SafeguardingService } from './safeguarding.service.js';

/*
 * The reminders before a certificado negativo falls due, on an app of their own (each check reads
 * every adult of the database) with a clock and the real SMTP receiver.
 */

let t: TestApp;
let smtp: SmtpReceiver;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await buildTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Noon in Madrid (winter) on `day`. */
const at = (day: string) => new Date(`${day}T11:00:00Z`);

describe('the certificado reminders', () => {
  it('go 3, 2 and 1 months before it falls due, once each, even with two instances at once', async () => {
    const rosa = await createUser(t.app, { role: 'scouter', name: 'Rosa Scouter' });
    // A family's account and an adult without a certificado get nothing.
    await createUser(t.app, { role: 'usuario' });
    await createUser(t.app, { role: 'admin' });
    await certify(t.app, rosa.row.id, '2026-01-10');
    const one = new SafeguardingService(t.app.ctx);
    const other = new SafeguardingService(t.app.ctx);

    expect(await one.sendDueReminders(at('2026-10-09'))).toBe(0);
    const [a, b] = await Promise.all([
      one.sendDueReminders(at('2026-10-10')),
      other.sendDueReminders(at('2026-10-10')),
    ]);
    expect(a + b).toBe(1);
    const first = await smtp.waitFor(rosa.email, 15_000);
    expect(first.subject).toBe(CAMP_MSG.certificateReminderSubject);
    expect(first.subject).toBe('Tu certificado negativo caduca pronto');
    expect(first.text).toBe(
      [
        'Hola, Rosa Scouter:',
        'Tu certificado negativo del Registro Central de Delincuentes Sexuales caduca el 10 de enero de 2027, dentro de 3 meses.',
        'Pídelo de nuevo (es gratuito en la sede electrónica del Ministerio de Justicia) y enséñaselo a un administrador del grupo para que lo registre. Sin un certificado al día no podrás formar parte del equipo de una actividad.',
        `${TEST_PUBLIC_URL}/`,
      ].join('\n\n') + '\n',
    );
    expect(first.html).toContain('Entrar en la web');
    // The same day again, or the next: nothing more.
    expect(await one.sendDueReminders(at('2026-10-10'))).toBe(0);
    expect(await one.sendDueReminders(at('2026-11-09'))).toBe(0);

    // The app's own periodic check sends the 2-month one.
    const job = certificateRemindersJob(t.app.ctx);
    expect(await job.runOnce(at('2026-11-10'))).toBe(1);
    const second = await smtp.waitFor(rosa.email, 15_000);
    expect(second.text).toContain('caduca el 10 de enero de 2027, dentro de 2 meses.');
    expect(await one.sendDueReminders(at('2026-12-10'))).toBe(1);
    const third = await smtp.waitFor(rosa.email, 15_000);
    expect(third.text).toContain('caduca el 10 de enero de 2027, dentro de 1 mes.');
    // From the day it falls due: none (the admin's list says it has expired).
    expect(await one.sendDueReminders(at('2027-01-10'))).toBe(0);

    const sent = await t.app.ctx.db.kysely
      .selectFrom('certificate_reminders')
      .select(['user_id', 'due_on', 'months_before'])
      .orderBy('months_before', 'desc')
      .execute();
    expect(sent).toEqual([
      { user_id: rosa.row.id, due_on: '2027-01-10', months_before: 3 },
      { user_id: rosa.row.id, due_on: '2027-01-10', months_before: 2 },
      { user_id: rosa.row.id, due_on: '2027-01-10', months_before: 1 },
    ]);
    expect(smtp.messages.filter((m) => m.to.includes(rosa.email))).toEqual([]);
  });

  it('a certificado renewed starts its own reminders; one looked at late gets the latest step only', async () => {
    const pablo = await createUser(t.app, { role: 'scouter', name: 'Pablo Scouter' });
    await certify(t.app, pablo.row.id, '2026-02-20');
    const service = new SafeguardingService(t.app.ctx);
    // Looked at first with five weeks left: the 2-month reminder alone, not the 3-month one too.
    expect(await service.sendDueReminders(at('2027-01-15'))).toBe(1);
    const late = await smtp.waitFor(pablo.email, 15_000);
    expect(late.text).toContain('caduca el 20 de febrero de 2027, dentro de 2 meses.');
    expect(await service.sendDueReminders(at('2027-01-20'))).toBe(1);
    const mail = await smtp.waitFor(pablo.email, 15_000);
    expect(mail.text).toContain('caduca el 20 de febrero de 2027, dentro de 1 mes.');
    // Renewed: the new date falls due a year later, and its reminders come in their time.
    await certify(t.app, pablo.row.id, '2027-02-01');
    expect(await service.sendDueReminders(at('2027-10-31'))).toBe(0);
    expect(await service.sendDueReminders(at('2027-11-01'))).toBe(1);
    const renewed = await smtp.waitFor(pablo.email, 15_000);
    expect(renewed.text).toContain('caduca el 1 de febrero de 2028, dentro de 3 meses.');
  });
});
