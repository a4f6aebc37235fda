import {
  ACTIVITY_BOARD_ERRORS,
  ACTIVITY_ERRORS,
  type CalendarFeeds,
  SERVER_ERRORS,
} from '@fogata/shared';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActivity, insertActivity } from '../../test/activity-factories.js';
import { testAppPerFile } from '../../test/app-per-file.js';
import { TEST_PUBLIC_URL } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { assignScouter, createChild, createSection } from '../../test/family-factories.js';

/** The calendar: one activity's .ics, and the private feeds of a family and of a section. */

const t = testAppPerFile();

interface ParsedEvent {
  uid: string;
  sequence: number;
  summary: string;
  status: string | null;
  tzid: string | null;
  start: string;
  end: string;
  location: string;
  rrule: string | null;
}

/** An .ics parsed by ical.js: its time zones, and each event with its instants in UTC. */
function parse(ics: string): { name: string | null; timezones: string[]; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const timezones = calendar.getAllSubcomponents('vtimezone');
  for (const tz of timezones) ICAL.TimezoneService.register(tz);
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const rrule = vevent.getFirstPropertyValue('rrule');
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
      tzid:
        (vevent.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined) ?? null,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      location: event.location,
      rrule: rrule ? String(rrule) : null,
    };
  });
  return {
    name: (calendar.getFirstPropertyValue('x-wr-calname') as string | null) ?? null,
    timezones: timezones.map((tz) => String(tz.getFirstPropertyValue('tzid'))),
    events,
  };
}

let tropa: number;
let manada: number;
let family: TestUser;
let manadaFamily: TestUser;
let scouter: TestUser;
beforeAll(async () => {
  tropa = await createSection(t.app, { name: 'Tropa Calendario' });
  manada = await createSection(t.app, { name: 'Manada Calendario' });
  family = await createUser(t.app);
  manadaFamily = await createUser(t.app);
  scouter = await createUser(t.app, { role: 'scouter' });
  await assignScouter(t.app, scouter.row.id, [tropa]);
  await createChild(t.app, { sectionId: tropa, guardians: [family.row.id] });
  await createChild(t.app, { sectionId: manada, guardians: [manadaFamily.row.id] });
});

const feeds = async (who: TestUser) => {
  const res = await t.app.inject({ url: '/api/calendar-feeds', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CalendarFeeds>();
};

/** The feed at absolute URL `url`, read with no session. */
const readFeed = (url: string) => t.app.inject({ url: url.replace(TEST_PUBLIC_URL, '') });

describe('one activity as .ics («Añadir al calendario»)', () => {
  it('carries a stable UID, the SEQUENCE, Madrid times with a VTIMEZONE, and a weekly reunión as an RRULE', async () => {
    const { id } = await insertActivity(t.app, {
      sections: [tropa],
      title: 'Reunión de los sábados',
      kind: 'reunion',
      startsAt: '2027-03-13T16:00:00.000Z',
      endsAt: '2027-03-13T18:00:00.000Z',
      repeatsWeeklyUntil: '2027-06-19',
      sequence: 4,
      place: 'Local scout',
    });
    const res = await t.app.inject({
      url: `/api/activities/${id}/calendar.ics`,
      headers: family.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const parsed = parse(res.body);
    expect(parsed.timezones).toEqual(['Europe/Madrid']);
    expect(parsed.events).toEqual([
      {
        uid: `actividad-${id}@fogata.test`,
        sequence: 4,
        summary: 'Reunión de los sábados',
        status: 'CONFIRMED',
        tzid: 'Europe/Madrid',
        start: '2027-03-13T16:00:00.000Z',
        end: '2027-03-13T18:00:00.000Z',
        location: 'Local scout',
        rrule: 'FREQ=WEEKLY;UNTIL=20270619T215959Z',
      },
    ]);
    // 17:00 in Madrid, before and after the change to summer time.
    expect(res.body).toContain('DTSTART;TZID=Europe/Madrid:20270313T170000');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    const iterator = event.iterator();
    const occurrences: string[] = [];
    for (let next = iterator.next(); next; next = iterator.next()) {
      occurrences.push(next.toJSDate().toISOString());
    }
    expect(occurrences[0]).toBe('2027-03-13T16:00:00.000Z');
    // After the last Sunday of March: 17:00 in Madrid is 15:00 UTC.
    expect(occurrences[3]).toBe('2027-04-03T15:00:00.000Z');
    expect(occurrences.at(-1)).toBe('2027-06-19T15:00:00.000Z');
  });

  it('is a 404 for who does not see it: a family of another section, any family for a draft', async () => {
    const tropaOnly = await insertActivity(t.app, { sections: [tropa] });
    const draft = await insertActivity(t.app, { sections: [tropa], status: 'borrador' });
    for (const [who, id] of [
      [manadaFamily, tropaOnly.id],
      [family, draft.id],
    ] as const) {
      const res = await t.app.inject({
        url: `/api/activities/${id}/calendar.ics`,
        headers: who.headers,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: ACTIVITY_ERRORS.notFound });
    }
    const managed = await t.app.inject({
      url: `/api/activities/${draft.id}/calendar.ics`,
      headers: scouter.headers,
    });
    expect(managed.statusCode).toBe(200);
  });
});

describe('the private feeds', () => {
  it("give a family their children's activities (never a draft, another section's, or a cancelled one as anything but cancelled), with no session", async () => {
    const mine = await insertActivity(t.app, { sections: [tropa], title: 'Acampada Tropa' });
    const group = await insertActivity(t.app, { title: 'Fiesta de grupo' });
    await insertActivity(t.app, { sections: [manada], title: 'Salida Manada' });
    await insertActivity(t.app, { sections: [tropa], title: 'Borrador Tropa', status: 'borrador' });
    const cancelled = await insertActivity(t.app, {
      sections: [tropa],
      title: 'Excursión cancelada',
      status: 'cancelada',
      sequence: 2,
    });

    const { family: url, sections } = await feeds(family);
    expect(sections).toEqual([]);
    expect(url).toMatch(/^http:\/\/fogata\.test\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // Asked again, the same URL.
    expect((await feeds(family)).family).toBe(url);

    const res = await readFeed(url!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const parsed = parse(res.body);
    const byTitle = new Map(parsed.events.map((e) => [e.summary, e]));
    for (const title of ['Acampada Tropa', 'Excursión cancelada', 'Fiesta de grupo']) {
      expect(byTitle.has(title), title).toBe(true);
    }
    expect(byTitle.has('Salida Manada')).toBe(false);
    expect(byTitle.has('Borrador Tropa')).toBe(false);
    expect(byTitle.get('Acampada Tropa')?.uid).toBe(`actividad-${mine.id}@fogata.test`);
    expect(byTitle.get('Fiesta de grupo')?.uid).toBe(`actividad-${group.id}@fogata.test`);
    expect(byTitle.get('Excursión cancelada')).toMatchObject({
      uid: `actividad-${cancelled.id}@fogata.test`,
      status: 'CANCELLED',
      sequence: 2,
    });

    // The Manada family's own feed has neither the Tropa's nor the draft.
    const manadaFeed = parse((await readFeed((await feeds(manadaFamily)).family!)).body);
    expect(manadaFeed.events.map((e) => e.summary)).toContain('Salida Manada');
    expect(manadaFeed.events.map((e) => e.summary)).not.toContain('Acampada Tropa');
  });

  it('follow an activity made and cancelled through the API: the same UID, a higher SEQUENCE, STATUS:CANCELLED', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const { id } = await createActivity(t.app, admin, {
      title: 'Acampada que se cancela',
      section_ids: [tropa],
    });
    const url = (await feeds(family)).family!;
    const event = async () =>
      parse((await readFeed(url)).body).events.find((e) => e.uid === `actividad-${id}@fogata.test`);
    const before = await event();
    expect(before).toMatchObject({ summary: 'Acampada que se cancela', status: 'CONFIRMED' });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/activities/${id}/status`,
      headers: admin.headers,
      payload: { status: 'cancelada' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = await event();
    expect(after?.status).toBe('CANCELLED');
    expect(after?.sequence).toBeGreaterThan(before?.sequence ?? 0);
  });

  it("give a section's scouters its activities, and none to an account with no child", async () => {
    await insertActivity(t.app, { sections: [tropa], title: 'Consejo de Tropa' });
    await insertActivity(t.app, { sections: [manada], title: 'Cacería de Manada' });
    const { family: none, sections } = await feeds(scouter);
    expect(none).toBeNull();
    expect(sections.map((s) => s.section.name)).toEqual(['Tropa Calendario']);
    const parsed = parse((await readFeed(sections[0]!.url)).body);
    expect(parsed.name).toBe('Tropa Calendario: actividades de Grupo Scout Fogata 1');
    const titles = parsed.events.map((e) => e.summary);
    expect(titles).toContain('Consejo de Tropa');
    expect(titles).not.toContain('Cacería de Manada');
    expect(titles).not.toContain('Borrador Tropa');
  });

  it('reset gives a new URL; the old one answers 404; the database keeps only hashes', async () => {
    const before = (await feeds(family)).family!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/calendar-feeds/reset',
      headers: family.headers,
      payload: {},
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const after = reset.json<{ url: string }>().url;
    expect(after).not.toBe(before);
    expect((await feeds(family)).family).toBe(after);
    const old = await readFeed(before);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: ACTIVITY_BOARD_ERRORS.feedNotFound });
    expect((await readFeed(after)).statusCode).toBe(200);

    const token = after.split('/').at(-1)!.replace('.ics', '');
    const stored = await t.app.ctx.db.kysely.selectFrom('calendar_feeds').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    for (const bad of [
      '/calendar/nada.ics',
      `/calendar/${token}`,
      `/calendar/${'A'.repeat(43)}.ics`,
    ]) {
      expect((await t.app.inject({ url: bad })).statusCode, bad).toBe(404);
    }
  });

  it("reset of a section's feed is for who manages it: another section is a 403", async () => {
    const before = (await feeds(scouter)).sections[0]!.url;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/calendar-feeds/reset',
      headers: scouter.headers,
      payload: { section_id: tropa },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await readFeed(before)).statusCode).toBe(404);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/calendar-feeds/reset',
      headers: scouter.headers,
      payload: { section_id: manada },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: SERVER_ERRORS.sectionNotManaged });
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/calendar-feeds/reset',
      headers: scouter.headers,
      payload: { section_id: 'Tropa' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ message: ACTIVITY_BOARD_ERRORS.feedSectionInvalid });
  });

  it('are rate-limited per address: a flood gets the Spanish 429, another address still reads', async () => {
    const url = (await feeds(family)).family!.replace(TEST_PUBLIC_URL, '');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await t.app.inject({ url, remoteAddress: '10.0.0.7' })).statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const flooded = await t.app.inject({ url, remoteAddress: '10.0.0.7' });
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json()).toEqual({ message: SERVER_ERRORS.tooManyRequests });
    expect((await t.app.inject({ url, remoteAddress: '10.0.0.8' })).statusCode).toBe(200);
  });
});
