import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CAMP_ERRORS, CAMP_PACK_MAX_AGE_MS, type CampPack, SERVER_ERRORS } from '@fogata/shared';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../lib/tokens.js';
import {
  addAuthorization,
  addPayment,
  addSignup,
  daysFromNow,
  insertActivity,
} from '../../test/activity-factories.js';
import { testAppPerFile } from '../../test/app-per-file.js';
import { pdfText } from '../../test/documents.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { assignScouter, createChildRow, createSection } from '../../test/family-factories.js';
import { countQueries } from '../../test/gallery-factories.js';
import { ALLERGY, addStaff, healthInput, insertHealth } from '../../test/health-factories.js';
import { certify, nameDelegate } from '../../test/safeguarding-factories.js';

/** The camp pack and its PDF, on the real database. */

const t = testAppPerFile();

const DELEGATE = { name: 'Rosa Delegada', contact: 'proteccion@scouts.example' };

beforeAll(async () => {
  const admin = await createUser(t.app, { role: 'admin' });
  const rosa = await createUser(t.app, { role: 'scouter', name: DELEGATE.name });
  await nameDelegate(t.app, admin, rosa.row.id, DELEGATE.contact);
});

const get = (url: string, who?: TestUser) =>
  t.app.inject({ url, ...(who ? { headers: who.headers } : {}) });
const packOf = (id: number, who?: TestUser) => get(`/api/activities/${id}/camp-pack`, who);
const pdfOf = (id: number, who?: TestUser) => get(`/api/activities/${id}/camp-pack.pdf`, who);

const reads = (activityId: number) =>
  t.app.ctx.db.kysely
    .selectFrom('health_reads')
    .select(['child_id', 'reader_id', 'reader_name', 'activity_title', 'via'])
    .where('activity_id', '=', activityId)
    .orderBy('id')
    .execute();

/**
 * A camp of a fresh section starting tomorrow, for two days: Ana goes (ficha confirmed,
 * autorización online, paid), Leo goes (no ficha, nothing signed), Eva does not go and Pau waits
 * (both with a ficha, which the pack must not carry). Marta is its staff and in charge.
 */
async function camp(opts: { startsIn?: number; days?: number; status?: 'cancelada' } = {}) {
  const section = await createSection(t.app, { name: `Tropa ${Math.random()}` });
  const staff = await createUser(t.app, { role: 'scouter', name: 'Marta Scouter' });
  const mum = await createUser(t.app, { name: 'Lucía Gómez' });
  const startsIn = opts.startsIn ?? 1;
  const { id } = await insertActivity(t.app, {
    title: 'Campamento de verano',
    kind: 'campamento',
    sections: [section],
    startsAt: daysFromNow(startsIn),
    endsAt: daysFromNow(startsIn + (opts.days ?? 2)),
    priceCents: 12000,
    ...(opts.status ? { status: opts.status } : {}),
  });
  await t.app.ctx.db.kysely
    .updateTable('activities')
    .set({ in_charge_id: staff.row.id })
    .where('id', '=', id)
    .execute();
  await addStaff(t.app, id, staff.row.id);
  const ana = await createChildRow(t.app, {
    sectionId: section,
    name: 'Ana Vidal',
    guardians: [mum.row.id],
  });
  const leo = await createChildRow(t.app, { sectionId: section, name: 'Leo Sanz' });
  const eva = await createChildRow(t.app, { sectionId: section, name: 'Eva Mora' });
  const pau = await createChildRow(t.app, { sectionId: section, name: 'Pau Gil' });
  await addSignup(t.app, id, ana.id, 'va');
  await addSignup(t.app, id, leo.id, 'va');
  await addSignup(t.app, id, eva.id, 'no_va');
  await addSignup(t.app, id, pau.id, 'espera');
  await insertHealth(t.app, ana.id);
  await insertHealth(t.app, eva.id, healthInput({ allergies: 'Alergia de Eva' }));
  await insertHealth(t.app, pau.id, healthInput({ allergies: 'Alergia de Pau' }));
  const confirmedAt = nowIso();
  await t.app.ctx.db.kysely
    .insertInto('activity_health_confirmations')
    .values({
      activity_id: id,
      child_id: ana.id,
      sealed: t.app.ctx.sealedBox.seal(healthInput()),
      confirmed_by: mum.row.id,
      confirmed_at: confirmedAt,
    })
    .execute();
  await addAuthorization(t.app, id, ana.id, { method: 'online', guardianId: mum.row.id });
  await addPayment(t.app, id, ana.id, 12000, 'bizum');
  return { id, section, staff, mum, ana, leo, eva, pau, confirmedAt };
}

/** What no one outside the staff may receive: the children's names and health texts. */
const SECRETS = ['Ana Vidal', 'Leo Sanz', ALLERGY, 'Ventolín', '+34 600 111 222', 'Lucía Gómez'];

describe('the camp pack', () => {
  it('carries the children who go with ficha, autorización and payment, the emergency data, the staff and the roll; no-store; each ficha read logged', async () => {
    const c = await camp();
    const res = await packOf(c.id, c.staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const pack = res.json<CampPack>();
    const activity = await t.app.ctx.db.kysely
      .selectFrom('activities')
      .selectAll()
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    const health = await t.app.ctx.db.kysely
      .selectFrom('health_records')
      .select(['updated_at', 'confirmed_at'])
      .where('child_id', '=', c.ana.id)
      .executeTakeFirstOrThrow();
    expect(pack).toEqual({
      activity: {
        id: c.id,
        title: 'Campamento de verano',
        starts_at: activity.starts_at,
        ends_at: activity.ends_at,
        place: 'Albergue de Cercedilla',
        meeting_point: 'Puerta del local',
        meeting_at: activity.meeting_at,
        return_point: 'Puerta del local',
        return_at: activity.return_at,
        price_cents: 12000,
      },
      emergency: {
        group_name: t.config.group.name,
        in_charge: 'Marta Scouter',
        protection_delegate: DELEGATE,
      },
      staff: [{ user_id: c.staff.row.id, name: 'Marta Scouter', certificate_current: false }],
      children: [
        {
          child_id: c.ana.id,
          name: 'Ana Vidal',
          section: expect.stringMatching(/^Tropa /),
          signup: 'va',
          health: { ...healthInput(), ...health },
          health_confirmed_at: c.confirmedAt,
          authorization: 'online',
          payment: { amount_cents: 12000, method: 'bizum' },
        },
        {
          child_id: c.leo.id,
          name: 'Leo Sanz',
          section: expect.stringMatching(/^Tropa /),
          signup: 'va',
          health: null,
          health_confirmed_at: null,
          authorization: 'missing',
          payment: null,
        },
      ],
      attendance: [],
      generated_at: expect.any(String),
      // The activity ends before seven days are up.
      wipe_at: activity.ends_at,
    });
    expect(Date.now() - Date.parse(pack.generated_at)).toBeLessThan(60_000);
    expect(res.body).not.toContain('Eva Mora');
    expect(res.body).not.toContain('Alergia de Eva');
    expect(res.body).not.toContain('Alergia de Pau');
    // One reading per child with a ficha, as the staff member, from the pack.
    expect(await reads(c.id)).toEqual([
      {
        child_id: c.ana.id,
        reader_id: c.staff.row.id,
        reader_name: 'Marta Scouter',
        activity_title: 'Campamento de verano',
        via: 'pack',
      },
    ]);
  });

  it('is to be wiped seven days after it was made when the activity lasts longer', async () => {
    const c = await camp({ startsIn: 1, days: 14 });
    const pack = (await packOf(c.id, c.staff)).json<CampPack>();
    expect(Date.parse(pack.wipe_at)).toBe(Date.parse(pack.generated_at) + CAMP_PACK_MAX_AGE_MS);
  });

  it('names each staff member with whether their certificado negativo is current at the end', async () => {
    const c = await camp();
    const other = await createUser(t.app, { role: 'admin', name: 'Zoe Admin' });
    await certify(t.app, other.row.id);
    await addStaff(t.app, c.id, other.row.id);
    const pack = (await packOf(c.id, other)).json<CampPack>();
    expect(pack.staff).toEqual([
      { user_id: c.staff.row.id, name: 'Marta Scouter', certificate_current: false },
      { user_id: other.row.id, name: 'Zoe Admin', certificate_current: true },
    ]);
  });

  it('answers 404 with no child in it to another scouter, an admin, and the staff outside the camp window or on a cancelled camp; 403 to a family', async () => {
    const c = await camp();
    const scouter = await createUser(t.app, { role: 'scouter' });
    const admin = await createUser(t.app, { role: 'admin' });
    const early = await camp({ startsIn: 3 });
    const ended = await camp({ startsIn: -3 });
    const cancelled = await camp({ status: 'cancelada' });
    const cases: [number, TestUser | undefined, number, string][] = [
      [c.id, scouter, 404, CAMP_ERRORS.campPackNotFound],
      [c.id, admin, 404, CAMP_ERRORS.campPackNotFound],
      [early.id, early.staff, 404, CAMP_ERRORS.campPackNotFound],
      [ended.id, ended.staff, 404, CAMP_ERRORS.campPackNotFound],
      [cancelled.id, cancelled.staff, 404, CAMP_ERRORS.campPackNotFound],
      [999_999, c.staff, 404, CAMP_ERRORS.campPackNotFound],
      // A guardian of a child who goes: not staff, no capability.
      [c.id, c.mum, 403, SERVER_ERRORS.forbidden],
      [c.id, undefined, 401, SERVER_ERRORS.unauthenticated],
    ];
    for (const [id, who, status, message] of cases) {
      for (const res of [await packOf(id, who), await pdfOf(id, who)]) {
        expect([res.statusCode, res.json()]).toEqual([status, { message }]);
        for (const secret of SECRETS) expect(res.body).not.toContain(secret);
      }
    }
    for (const id of [c.id, early.id, ended.id, cancelled.id]) expect(await reads(id)).toEqual([]);
  });

  it('is read in the same number of queries for 2 children or 12', async () => {
    const c = await camp();
    const small = await countQueries(t.app, () => packOf(c.id, c.staff));
    expect(small.result.json<CampPack>().children).toHaveLength(2);
    for (let i = 0; i < 10; i += 1) {
      const child = await createChildRow(t.app, { sectionId: c.section });
      await addSignup(t.app, c.id, child.id, 'va');
      await insertHealth(t.app, child.id);
      await addPayment(t.app, c.id, child.id, 12000);
    }
    const large = await countQueries(t.app, () => packOf(c.id, c.staff));
    expect(large.result.json<CampPack>().children).toHaveLength(12);
    expect(large.queries).toBe(small.queries);
  });
});

/** The text of each page of a PDF, its runs of white space made one space. */
async function pageTexts(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' '));
}

/** Every file under `dir`, by path. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

describe('the camp pack as a PDF', () => {
  it('prints the emergency data and each child who goes with ficha and contacts, «CONFIDENCIAL» on every page; logged as pdf; no file kept', async () => {
    const c = await camp();
    // Enough children for several pages.
    for (let i = 1; i <= 9; i += 1) {
      const child = await createChildRow(t.app, { sectionId: c.section, name: `Niña Extra ${i}` });
      await addSignup(t.app, c.id, child.id, 'va');
      await insertHealth(t.app, child.id);
    }
    const before = filesUnder(t.config.dataDir);
    const res = await pdfOf(c.id, c.staff);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="botiquin-actividad-${c.id}.pdf"`,
    );
    expect(filesUnder(t.config.dataDir)).toEqual(before);

    const pages = await pageTexts(res.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, page] of pages.entries()) {
      expect(page).toContain('CONFIDENCIAL');
      expect(page).toContain(`Página ${i + 1} de ${pages.length}`);
    }
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Copia para el botiquín: Campamento de verano',
      'Datos de emergencia',
      `Grupo ${t.config.group.name}`,
      'Responsable de la actividad Marta Scouter',
      `Delegado/a de protección ${DELEGATE.name} (${DELEGATE.contact})`,
      'Equipo Marta Scouter',
      '11 educandos',
      'Ana Vidal · Tropa',
      'Ficha confirmada para esta actividad el',
      `Alergias e intolerancias ${ALLERGY}`,
      'Medicación Ventolín · 2 inhalaciones · Si le falta el aire · pueden dárselo los scouters',
      'Dieta Sin frutos secos',
      'Enfermedades crónicas Asma leve',
      'Número de tarjeta sanitaria MDRD 1234567890',
      '¿Sabe nadar? Con ayuda',
      'Otras observaciones Se marea en el autobús.',
      'Contactos de emergencia Lucía Gómez (Madre): +34 600 111 222 Pablo Ruiz (Padre): 600 333 444',
      'Autorización Firmada online',
      'Leo Sanz · Tropa',
      'La familia no ha rellenado la ficha sanitaria. La familia no ha confirmado la ficha para esta actividad.',
      'Autorización Sin autorización Pago Sin pagar',
      'Generado el',
      'por Marta Scouter. Contiene datos de salud de menores',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Pago 120,00\s€ \(Bizum\)/);
    expect(text).not.toContain('Eva Mora');
    expect(text).not.toContain('Alergia de Eva');
    // Ana and the nine with a ficha, as the staff member, from the PDF.
    const logged = await reads(c.id);
    expect(logged).toHaveLength(10);
    expect(new Set(logged.map((r) => `${r.via}:${r.reader_name}`))).toEqual(
      new Set(['pdf:Marta Scouter']),
    );
  });
});

describe('the camp pack beside the activity', () => {
  it('a scouter of the section who is not staff sees the activity but not its pack', async () => {
    const c = await camp();
    const scouter = await createUser(t.app, { role: 'scouter' });
    await assignScouter(t.app, scouter.row.id, [c.section]);
    expect((await get(`/api/activities/${c.id}`, scouter)).statusCode).toBe(200);
    const res = await packOf(c.id, scouter);
    expect([res.statusCode, res.json()]).toEqual([404, { message: CAMP_ERRORS.campPackNotFound }]);
  });
});
