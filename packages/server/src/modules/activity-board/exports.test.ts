import { ACTIVITY_BOARD_MESSAGES } from '@fogata/shared';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addAuthorization,
  addPayment,
  addSignup,
  insertActivity,
} from '../../test/activity-factories.js';
import { testAppPerFile } from '../../test/app-per-file.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { assignScouter, createChild, createSection } from '../../test/family-factories.js';

/** The participants' exports: CSV for a spreadsheet, an A4 PDF to print. */

const t = testAppPerFile();

let scouter: TestUser;
let section: number;
let activity: number;
beforeAll(async () => {
  section = await createSection(t.app, { name: 'Tropa Exportada' });
  scouter = await createUser(t.app, { role: 'scouter' });
  await assignScouter(t.app, scouter.row.id, [section]);
  const guardian = await createUser(t.app);
  const { id, questions } = await insertActivity(t.app, {
    sections: [section],
    title: 'Acampada en Peñalara',
    questions: [
      { label: '¿Alergias?', kind: 'text' },
      { label: '¿Sabe nadar?', kind: 'yesno' },
    ],
  });
  activity = id;
  const [allergies, swims] = questions as [number, number];
  const ines = await createChild(t.app, { sectionId: section, name: 'Inés Muñoz' });
  const evil = await createChild(t.app, { sectionId: section, name: '=HYPERLINK("http://x")' });
  const stays = await createChild(t.app, { sectionId: section, name: 'Pedro No Va' });
  await createChild(t.app, { sectionId: section, name: 'Rosa Pendiente' });
  await addSignup(t.app, id, ines, 'va', { [allergies]: 'Frutos secos; polen', [swims]: true });
  await addSignup(t.app, id, evil, 'va', { [allergies]: '+34 600 000 000', [swims]: false });
  await addSignup(t.app, id, stays, 'no_va');
  await addAuthorization(t.app, id, ines, { method: 'online', guardianId: guardian.row.id });
  await addPayment(t.app, id, ines, 4550, 'bizum');
});

const get = (path: string, who: TestUser = scouter) =>
  t.app.inject({ url: `/api/activities/${activity}/${path}`, headers: who.headers });

describe('the participants as CSV', () => {
  it('lists those who go with Spanish headers, a BOM for Excel and formulas defused', async () => {
    const res = await get('participants.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="participantes-acampada-en-penalara.csv"',
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines).toEqual([
      'Educando;Sección;Autorización;Pagado;Importe;Forma de pago;¿Alergias?;¿Sabe nadar?',
      `"'=HYPERLINK(""http://x"")";Tropa Exportada;Sin autorización;No;;;'+34 600 000 000;No`,
      'Inés Muñoz;Tropa Exportada;Firmada online;Sí;45,50\u00a0€;Bizum;"Frutos secos; polen";Sí',
      '',
    ]);
  });
});

describe('the participants as PDF', () => {
  it('is an A4 PDF with the title, each child who goes, their section, autorización, payment and answers', async () => {
    const res = await get('participants.pdf');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const page = await pdf.getPage(1);
    const [, , width, height] = page.view;
    // A4 in points.
    expect(Math.round(width ?? 0)).toBe(595);
    expect(Math.round(height ?? 0)).toBe(842);
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      ACTIVITY_BOARD_MESSAGES.participantsTitle('Acampada en Peñalara'),
      ACTIVITY_BOARD_MESSAGES.participantsCount(2),
      'Inés Muñoz',
      'Tropa Exportada',
      'Firmada online',
      '45,50 € (Bizum)',
      '¿Alergias?: Frutos secos; polen',
      '¿Sabe nadar?: Sí',
      'Sin autorización',
      ACTIVITY_BOARD_MESSAGES.page(1, 1),
    ]) {
      expect(flat).toContain(expected);
    }
    expect(flat).not.toContain('Pedro No Va');
    expect(flat).not.toContain('Rosa Pendiente');
  });

  it('runs over pages with the header again and every page numbered', async () => {
    const many = await insertActivity(t.app, { sections: [section], title: 'Campamento largo' });
    for (let i = 0; i < 70; i += 1) {
      const child = await createChild(t.app, {
        sectionId: section,
        name: `Participante ${String(i).padStart(2, '0')}`,
      });
      await addSignup(t.app, many.id, child, 'va');
    }
    const res = await t.app.inject({
      url: `/api/activities/${many.id}/participants.pdf`,
      headers: scouter.headers,
    });
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    expect(pdf.numPages).toBeGreaterThan(1);
    const { text } = await extractText(pdf, { mergePages: false });
    const pages = text as string[];
    pages.forEach((page, i) => {
      expect(page).toContain(ACTIVITY_BOARD_MESSAGES.page(i + 1, pages.length));
      expect(page).toContain(ACTIVITY_BOARD_MESSAGES.columns.child);
    });
    const all = pages.join(' ');
    expect(all).toContain('Participante 00');
    expect(all).toContain('Participante 69');
  });

  it('is a 404 for a scouter of another section, as the CSV', async () => {
    const other = await createUser(t.app, { role: 'scouter' });
    await assignScouter(t.app, other.row.id, [await createSection(t.app)]);
    expect((await get('participants.pdf', other)).statusCode).toBe(404);
    expect((await get('participants.csv', other)).statusCode).toBe(404);
  });
});
