import { ACTIVITY_BOARD_MESSAGES as M } from '@fogata/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { addSignup, insertActivity } from '../../test/activity-factories.js';
import { testAppPerFile } from '../../test/app-per-file.js';
import { TEST_PUBLIC_URL } from '../../test/build-app.js';
import { createUser } from '../../test/factories.js';
import { createChild, createSection } from '../../test/family-factories.js';
import { formatWhen } from '../activity-board/activity-board.service.js';
import { DigestService } from './digests.service.js';

/** The digest lists the coming activities that still wait for the family's answer. */

const t = testAppPerFile({ digest: { checkMs: 3_600_000, hour: 8, timeZone: 'UTC' } });

const JOINED = '2026-03-01T07:00:00.000Z';
const CHECK = '2026-03-03T09:00:00.000Z';
const DEADLINE = '2026-03-10T20:00:00.000Z';

beforeAll(async () => {
  // The digests are read from the queue, before the worker sends them and forgets their bodies.
  await t.app.ctx.mailQueue.stop();
});

/** The digests queued for `email`. */
const digestsTo = (email: string) =>
  t.app.ctx.db.kysely
    .selectFrom('mail_queue')
    .select(['subject', 'text', 'html'])
    .where('recipient', '=', email)
    .where('subject', 'like', 'Novedades en %')
    .execute();

describe('the digest and the activities', () => {
  it("lists each activity a child of the family has not answered, with its deadline and link, and sends for that alone; never a draft, another section's, or one answered", async () => {
    const section = await createSection(t.app);
    const other = await createSection(t.app);
    const family = await createUser(t.app, { createdAt: JOINED });
    const answered = await createUser(t.app, { createdAt: JOINED });
    const child = await createChild(t.app, { sectionId: section, guardians: [family.row.id] });
    const done = await createChild(t.app, { sectionId: section, guardians: [answered.row.id] });
    const when = { startsAt: '2026-03-14T09:00:00.000Z', signupDeadline: DEADLINE };
    const pending = await insertActivity(t.app, {
      ...when,
      sections: [section],
      title: 'Acampada de marzo',
    });
    await insertActivity(t.app, {
      ...when,
      sections: [section],
      title: 'Borrador',
      status: 'borrador',
    });
    await insertActivity(t.app, { ...when, sections: [other], title: 'De otra sección' });
    const closed = await insertActivity(t.app, {
      ...when,
      sections: [section],
      title: 'Ya cerrada',
      status: 'cerrada',
    });
    const replied = await insertActivity(t.app, {
      ...when,
      sections: [section],
      title: 'Ya respondida',
    });
    await addSignup(t.app, replied.id, child, 'va');
    await addSignup(t.app, pending.id, done, 'no_va');
    await addSignup(t.app, replied.id, done, 'va');
    await addSignup(t.app, closed.id, done, 'va');

    await new DigestService(t.app.ctx).runOnce(new Date(CHECK));

    const [mail, ...more] = await digestsTo(family.email);
    expect(more).toEqual([]);
    expect(mail?.text).toContain(
      `${M.digestHeading}:\n- ${M.digestItem('Acampada de marzo', formatWhen(DEADLINE))}: ${TEST_PUBLIC_URL}/actividades/${pending.id}`,
    );
    for (const title of ['Borrador', 'De otra sección', 'Ya cerrada', 'Ya respondida']) {
      expect(mail?.text).not.toContain(title);
    }
    expect(mail?.html).toContain(M.digestHeading);
    // The family that answered everything has nothing new: no digest.
    expect(await digestsTo(answered.email)).toEqual([]);
  });
});
