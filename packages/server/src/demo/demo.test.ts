import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { EXPERIENCE_CATEGORIES } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../access/image-consent.js';
import { bootstrap } from '../bootstrap.js';
import { ConsentsService } from '../modules/consents/consents.service.js';
import { SafeguardingService } from '../modules/safeguarding/safeguarding.service.js';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { createInvitation, createUser } from '../test/factories.js';
import { createAlbum } from '../test/gallery-factories.js';
import { type DemoOutcome, demoReport, seedDemo } from './demo.js';
import { DemoRepository } from './demo.repository.js';

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/** The demo dates its items on their day of the year before this moment. */
const NOW = new Date('2030-12-20T12:00:00.000Z');

describe('demo content on an empty database', () => {
  let t: TestApp;
  let outcome: DemoOutcome;
  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    // A pending invitation (like the first-start admin link) does not make a database non-empty.
    await createInvitation(t.app, { role: 'admin' });
    // The real detector, as `DEMO=1` runs: the summer camp's faces must be found.
    t.app.ctx.faceDetector = undefined;
    outcome = await seedDemo(t.app.ctx, NOW);
  }, 300_000);
  afterAll(() => t.close());

  it('creates news, experiences of each category, monitors, albums with photos, likes and comments', async () => {
    if (!outcome.seeded) throw new Error('the demo did not seed');
    expect(outcome.counts).toEqual({
      users: 6,
      monitors: 5,
      news: 6,
      experiences: 6,
      albums: 3,
      photos: 15,
      likes: expect.any(Number),
      comments: 11,
      children: 6,
      activities: 4,
    });
    expect(outcome.counts.likes).toBeGreaterThan(10);

    const news = (await t.app.inject({ url: '/api/news' })).json();
    expect(news).toHaveLength(6);
    expect(news[0].title).toBe('Recogida solidaria de alimentos por Navidad');
    expect(news[0].image_url).toMatch(/^\/media\/news\/[0-9a-f]{32}\.webp$/);
    // Each on its day of the year, within the year before now: the Christmas drive in December.
    expect(news.map((n: { created_at: string }) => n.created_at.slice(0, 10))).toEqual([
      '2030-12-02',
      '2030-10-18',
      '2030-09-27',
      '2030-05-17',
      '2030-04-12',
      '2030-03-22',
    ]);

    const experiences = (await t.app.inject({ url: '/api/experiences' })).json();
    expect(experiences).toHaveLength(6);
    for (const category of EXPERIENCE_CATEGORIES) {
      expect(experiences.filter((e: { category: string }) => e.category === category)).toHaveLength(
        2,
      );
    }

    const monitors = (await t.app.inject({ url: '/api/monitors' })).json();
    expect(monitors).toHaveLength(5);
    // The page reads from the group's leader down the sections.
    expect(monitors.map((m: { role_description: string }) => m.role_description)).toEqual([
      'Jefa de Grupo',
      'Scouter de Manada (Akela)',
      'Scouter de Tropa',
      'Scouter de Unidad',
      'Scouter de Clan',
    ]);
    const portrait = await t.app.inject({ url: monitors[0].image_url });
    expect(portrait.statusCode).toBe(200);
    expect(portrait.headers['content-type']).toBe('image/webp');

    const totals = [...news, ...experiences].reduce(
      (sum, item: { likes_count: number; comments_count: number }) => ({
        likes: sum.likes + item.likes_count,
        comments: sum.comments + item.comments_count,
      }),
      { likes: 0, comments: 0 },
    );
    expect(totals.comments).toBe(7);
    expect(totals.likes).toBeGreaterThan(0);
  });

  it('makes one account per role that can sign in with the printed password', async () => {
    if (!outcome.seeded) throw new Error('the demo did not seed');
    expect(outcome.accounts.map((a) => a.role)).toEqual(['admin', 'scouter', 'usuario']);
    const report = demoReport(outcome).join('\n');
    for (const account of outcome.accounts) {
      expect(report).toContain(account.email);
      expect(account.password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{12}$/);
      expect(report).toContain(`contraseña: ${account.password}`);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: account.password },
      });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json().user).toMatchObject({ email: account.email, role: account.role });
    }
    // The first-start invitation is not needed any more: an admin exists.
    expect(await bootstrap(t.app)).toBeNull();
  });

  it("gives the group its children: the usuario's two, and the Tropa's scouter hers", async () => {
    if (!outcome.seeded) throw new Error('the demo did not seed');
    const { accounts } = outcome;
    const headersOf = async (role: string) => {
      const account = accounts.find((a) => a.role === role)!;
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: account.password },
      });
      return { authorization: `Bearer ${login.json().token}` };
    };
    const own = await t.app.inject({
      url: '/api/profile/children',
      headers: await headersOf('usuario'),
    });
    expect(
      own.json().map((c: { full_name: string; section: { name: string } }) => c.section.name),
    ).toEqual(['Manada', 'Tropa']);
    const managed = await t.app.inject({
      url: '/api/children',
      headers: await headersOf('scouter'),
    });
    expect(managed.json().map((c: { full_name: string }) => c.full_name)).toEqual([
      'Hugo López Martín',
      'Pablo Gómez Ortega',
    ]);
  });

  it('gives the group its activities: an acampada the usuario has to answer, an acantonamiento from tomorrow, the reunión, a past salida', async () => {
    if (!outcome.seeded) throw new Error('the demo did not seed');
    const usuario = outcome.accounts.find((a) => a.role === 'usuario')!;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: usuario.email, password: usuario.password },
    });
    const list = await t.app.inject({
      url: '/api/activities',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(list.statusCode, list.body).toBe(200);
    type Item = {
      title: string;
      status: string;
      starts_at: string;
      needs_answer: boolean;
      taken: number;
      children: { child_name: string; signup: string }[];
    };
    // The demo is dated around NOW, later than the clock the list reads: all of it is coming.
    const { upcoming } = list.json() as { upcoming: Item[] };
    expect(upcoming.map((a) => [a.title, a.status])).toEqual([
      ['Salida a la granja escuela', 'celebrada'],
      ['Acantonamiento de invierno en el albergue', 'publicada'],
      ['Reunión de los sábados', 'publicada'],
      ['Acampada de otoño en la sierra', 'publicada'],
    ]);
    const [salida, acantonamiento, , acampada] = upcoming as [Item, Item, Item, Item];
    // Tomorrow, and Pablo goes.
    expect(Date.parse(acantonamiento.starts_at) - NOW.getTime()).toBeLessThan(2 * 86_400_000);
    expect(acantonamiento.children.map((c) => [c.child_name, c.signup])).toEqual([
      ['Pablo Gómez Ortega', 'va'],
    ]);
    expect(Date.parse(salida.starts_at)).toBeLessThan(NOW.getTime());
    // Hugo's family has answered; Laura's Pablo is still pending.
    expect(acampada.taken).toBe(1);
    expect(acampada.needs_answer).toBe(true);
    expect(acampada.children.map((c) => [c.child_name, c.signup])).toEqual([
      ['Pablo Gómez Ortega', 'pendiente'],
    ]);
  });

  it('gives the families their fichas sanitarias, sealed, confirmed for the acantonamiento', async () => {
    if (!outcome.seeded) throw new Error('the demo did not seed');
    const db = t.app.ctx.db.kysely;
    const sealed = await db.selectFrom('health_records').select(['child_id', 'sealed']).execute();
    expect(sealed).toHaveLength(5);
    for (const row of sealed) expect(row.sealed).toMatch(/^v1\./);
    // The usuario reads her Tropa child's ficha as she filled it.
    const usuario = outcome.accounts.find((a) => a.role === 'usuario')!;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: usuario.email, password: usuario.password },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const own = (await t.app.inject({ url: '/api/profile/children', headers })).json() as {
      id: number;
      full_name: string;
    }[];
    const pablo = own.find((c) => c.full_name === 'Pablo Gómez Ortega')!;
    const ficha = await t.app.inject({ url: `/api/children/${pablo.id}/health`, headers });
    expect(ficha.statusCode, ficha.body).toBe(200);
    expect(ficha.json().record).toMatchObject({
      allergies: 'Polen de gramíneas (en primavera)',
      can_swim: 'si',
    });
    // Both Tropa families confirmed it for the acantonamiento.
    const confirmed = await db
      .selectFrom('activity_health_confirmations')
      .innerJoin('activities', 'activities.id', 'activity_health_confirmations.activity_id')
      .innerJoin('children', 'children.id', 'activity_health_confirmations.child_id')
      .select(['activities.title', 'children.full_name'])
      .orderBy('children.full_name')
      .execute();
    expect(confirmed.map((c) => [c.title, c.full_name])).toEqual([
      ['Acantonamiento de invierno en el albergue', 'Hugo López Martín'],
      ['Acantonamiento de invierno en el albergue', 'Pablo Gómez Ortega'],
    ]);
  });

  it('names the adults who go, their certificados (one due soon, one missing) and the delegada', async () => {
    if (!outcome.seeded) throw new Error('the demo did not seed');
    const db = t.app.ctx.db.kysely;
    const staff = await db
      .selectFrom('activity_staff')
      .innerJoin('activities', 'activities.id', 'activity_staff.activity_id')
      .innerJoin('users', 'users.id', 'activity_staff.user_id')
      .select(['activities.title', 'users.name'])
      .orderBy('activities.title')
      .orderBy('users.name')
      .execute();
    expect(staff.map((s) => [s.title, s.name])).toEqual([
      ['Acampada de otoño en la sierra', 'Carmen Díaz'],
      ['Acampada de otoño en la sierra', 'Diego Romero'],
      ['Acantonamiento de invierno en el albergue', 'Diego Romero'],
      ['Salida a la granja escuela', 'Carmen Díaz'],
    ]);
    const { adults } = await new SafeguardingService(t.app.ctx).certificates(NOW);
    expect(adults.map((a) => [a.name, a.state])).toEqual([
      ['Alberto Núñez', 'missing'],
      ['Carmen Díaz', 'due_soon'],
      ['Diego Romero', 'current'],
    ]);
    const delegate = await t.app.inject({ url: '/api/protection/delegate' });
    expect(delegate.json()).toEqual({
      name: 'Carmen Díaz',
      contact: 'proteccion@demo.fogata.local o 600 123 456',
    });
  });

  it('gives the children a spread of image consents', async () => {
    if (!outcome.seeded) throw new Error('the demo did not seed');
    const admin = await t.app.ctx.db.kysely
      .selectFrom('users')
      .select(['id', 'role'])
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    // Birthdays as of the demo's own date (the seed's ages are counted from it).
    const service = new ConsentsService(t.app.ctx, () => todayIso(NOW));
    const states = async (section: string) => {
      const { id } = await t.app.ctx.db.kysely
        .selectFrom('sections')
        .select('id')
        .where('name', '=', section)
        .executeTakeFirstOrThrow();
      const { rows } = await service.register(admin, id, { page: 1, limit: 50 });
      return Object.fromEntries(
        rows.map((r) => [
          r.full_name,
          r.purposes.map((p) => `${p.state}${p.given_by ? `:${p.given_by}` : ''}`),
        ]),
      );
    };
    expect(await states('Manada')).toEqual({
      'Irene Sánchez Vidal': ['refused:guardian', 'none', 'none', 'none'],
      'Lucía Gómez Ortega': ['granted:guardian', 'granted:guardian', 'refused:guardian', 'none'],
    });
    expect(await states('Tropa')).toEqual({
      'Hugo López Martín': ['none', 'none', 'none', 'none'],
      'Pablo Gómez Ortega': ['granted:paper', 'refused:paper', 'none', 'none'],
    });
    expect(await states('Unidad')).toEqual({
      'Sara López Martín': ['granted:own', 'refused:own', 'none', 'none'],
    });
  });

  it('shows image consent at work: the camp’s faces found by the real detector, reviewed, blurred by consent', async () => {
    if (!outcome.seeded) throw new Error('the demo did not seed');
    const tokenOf = async (role: string) => {
      const account = outcome.seeded ? outcome.accounts.find((a) => a.role === role)! : null;
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account?.email, password: account?.password },
      });
      return { authorization: `Bearer ${login.json().token}` };
    };
    const scouter = await tokenOf('scouter');
    const albums = (await t.app.inject({ url: '/api/albums', headers: scouter })).json();
    const camp = albums.find((a: { title: string }) => a.title === 'Campamento de verano');
    // One face left for the scouter to review (the first at sunrise).
    expect(camp.faces_to_review).toBe(1);
    const faces = await t.app.ctx.db.kysely
      .selectFrom('faces')
      .leftJoin('children', 'children.id', 'faces.child_id')
      .innerJoin('photos', 'photos.id', 'faces.photo_id')
      .select(['photos.description', 'faces.x', 'faces.status', 'children.full_name'])
      .where('photos.album_id', '=', camp.id)
      .orderBy('photos.id')
      .orderBy('faces.x')
      .execute();
    expect(faces.map((f) => [f.description, f.status, f.full_name])).toEqual([
      ['Juegos junto al río', 'child', 'Pablo Gómez Ortega'],
      ['Juegos junto al río', 'child', 'Hugo López Martín'],
      ['La cena del último día', 'child', 'Irene Sánchez Vidal'],
      ['La cena del último día', 'adult', null],
      ['Salida al amanecer', 'pending', null],
      ['Salida al amanecer', 'child', 'Lucía Gómez Ortega'],
    ]);
    // The usuario (Pablo's and Lucía's family) gets each picture with a face blurred: Hugo
    // (no answer), Irene (withdrawn), the one not reviewed; the scouter gets the originals.
    const list = async (headers: Record<string, string>) =>
      (await t.app.inject({ url: `/api/photos/album/${camp.id}`, headers })).json() as {
        image_url: string;
      }[];
    for (const photo of await list(await tokenOf('usuario'))) {
      expect(photo.image_url).toMatch(/^\/media\/p\/renditions\//);
    }
    for (const photo of await list(scouter)) {
      expect(photo.image_url).toMatch(/^\/media\/p\/photos\//);
    }
  });

  it('stores the gallery as members-only media, like real uploads', async () => {
    if (!outcome.seeded) throw new Error('the demo did not seed');
    const usuario = outcome.accounts.find((a) => a.role === 'usuario')!;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: usuario.email, password: usuario.password },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const albums = (await t.app.inject({ url: '/api/albums', headers })).json();
    expect(albums.map((a: { photos_count: number }) => a.photos_count)).toEqual([3, 6, 6]);
    expect(albums[1].cover).toMatch(/^\/media\/p\/albums\/[0-9a-f]{32}\.webp\?exp=/);
    expect(
      albums.reduce((n: number, a: { comments_count: number }) => n + a.comments_count, 0),
    ).toBe(4);
    const photos = (
      await t.app.inject({ url: `/api/photos/album/${albums[1].id}`, headers })
    ).json();
    expect(photos).toHaveLength(6);
    expect(photos[0].image_url).toMatch(/^\/media\/p\/photos\//);
    expect((await t.app.inject({ url: photos[0].image_url })).statusCode).toBe(200);

    // Display copy and thumbnail per image: 15 photos + 3 covers private, 6 + 6 + 5 public; and
    // the clean original of each news and experience image, private (decision 085). The blurred
    // copies of the camp's pictures are the worker's, made when it gets to them.
    const root = join(t.config.dataDir, 'media');
    const stored = filesUnder(`${root}-private`).filter((f) => !f.includes('renditions'));
    expect(stored).toHaveLength(2 * 18 + 6 + 6);
    expect(filesUnder(join(root, 'news'))).toHaveLength(12);
    expect(filesUnder(join(root, 'experiences'))).toHaveLength(12);
    expect(filesUnder(join(root, 'monitors'))).toHaveLength(10);
    // No temp file left behind.
    expect(filesUnder(join(t.config.dataDir, 'tmp'))).toEqual([]);
  });

  it('adds nothing when run again', async () => {
    const repo = new DemoRepository(t.app.ctx.db);
    const before = await repo.counts();
    const again = await seedDemo(t.app.ctx);
    expect(again).toEqual({ seeded: false, rows: before });
    expect(await repo.counts()).toEqual(before);
    expect(demoReport(again)).toEqual([
      'Modo demo: la base de datos ya tiene contenido, así que no se ha añadido ni cambiado nada.',
      'Modo demo: para ver la demostración desde cero, arranca con una carpeta de datos vacía (DATA_DIR).',
    ]);
  });
});

describe('demo content on a database with something in it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('leaves a database with one user untouched', async () => {
    await createUser(t.app, { role: 'usuario' });
    const outcome = await seedDemo(t.app.ctx);
    expect(outcome).toEqual({
      seeded: false,
      rows: { users: 1, albums: 0, photos: 0, news: 0, experiences: 0, monitors: 0 },
    });
    expect((await t.app.inject({ url: '/api/news' })).json()).toEqual([]);
  });

  it('leaves a database with only an album untouched', async () => {
    const other = await buildTestApp({ demo: true });
    try {
      await createAlbum(other.app);
      const outcome = await seedDemo(other.app.ctx);
      expect(outcome.seeded).toBe(false);
      expect(await new DemoRepository(other.app.ctx.db).counts()).toEqual({
        users: 0,
        albums: 1,
        photos: 0,
        news: 0,
        experiences: 0,
        monitors: 0,
      });
      expect(filesUnder(join(other.config.dataDir, 'media'))).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
