import type { ChildConsents, ConsentRegisterRow, ConsentStatus, ConsentText } from '@fogata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RequestConfig } from '../../../lib/api-client';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { ConsentModal } from '../components/consent-modal';
import { ConsentPage } from './consent-page';

const tropa = {
  id: 2,
  name: 'Tropa',
  colour: '#15803d',
  min_age: 11,
  max_age: 14,
  position: 2,
  retired_at: null,
};
const status = (
  purpose: ConsentStatus['purpose'],
  state: ConsentStatus['state'],
): ConsentStatus => ({
  purpose,
  state,
  given_by: state === 'none' ? null : 'paper',
  at: state === 'none' ? null : '2026-10-03T10:00:00Z',
  text_version: state === 'none' ? null : 1,
  outdated: false,
});
const row: ConsentRegisterRow = {
  child_id: 4,
  full_name: 'Nora Pérez',
  birth_date: '2014-02-02',
  section: { id: 2, name: 'Tropa', colour: '#15803d' },
  own_counts: false,
  purposes: [
    status('gallery', 'granted'),
    status('web', 'refused'),
    status('social', 'none'),
    status('press', 'none'),
  ],
};

describe('ConsentPage', () => {
  it('a scouter sees their section’s register, without the text editor', async () => {
    signIn({ role: 'scouter' });
    stubApi({
      'GET /children/sections': [200, [tropa]],
      'GET /consents/register': [200, [row], { 'X-Total-Count': '1' }],
    });
    renderApp(<ConsentPage />, { route: '/admin/consentimiento' });
    const table = await screen.findByTestId('consent-register');
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      'Nora Pérez',
      'La familia',
      'Síhoja firmada, 3 de octubre de 2026',
      'Nohoja firmada, 3 de octubre de 2026',
      'Sin responder',
      'Sin responder',
    ]);
    expect(screen.getByRole('button', { name: 'Descargar CSV (Excel)' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Texto del consentimiento' })).toBeNull();
  });

  it('an admin writes a new version of the text', async () => {
    const user = userEvent.setup();
    signIn({ role: 'admin' });
    const texts: ConsentText[] = [
      { version: 1, body: 'Texto primero.', created_at: '2026-09-01T10:00:00Z', created_by: null },
    ];
    const sent: unknown[] = [];
    stubApi({
      'GET /children/sections': [200, [tropa]],
      'GET /consents/register': [200, [], { 'X-Total-Count': '0' }],
      'GET /consents/texts': () => [200, texts],
      'POST /consents/texts': (config: RequestConfig) => {
        const body = JSON.parse(String(config.data));
        sent.push(body);
        if (!body.body.trim())
          return [400, { message: 'El texto del consentimiento es obligatorio.' }];
        texts.unshift({
          version: 2,
          body: body.body,
          created_at: '2026-11-25T10:00:00Z',
          created_by: 'Ana',
        });
        return [
          201,
          {
            message:
              'Nueva versión del texto guardada (versión 2). Se pedirá a las familias que respondan de nuevo.',
            text: texts[0],
          },
        ];
      },
    });
    renderApp(<ConsentPage />, { route: '/admin/consentimiento' });
    expect(await screen.findByText('Texto primero.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Guardar versión nueva' }));
    expect(await screen.findByText('El texto del consentimiento es obligatorio.')).toBeVisible();
    await user.type(screen.getByLabelText('Texto de la nueva versión'), 'Texto segundo.');
    await user.click(screen.getByRole('button', { name: 'Guardar versión nueva' }));
    expect(await screen.findByText(/Nueva versión del texto guardada \(versión 2\)/)).toBeVisible();
    await waitFor(() =>
      expect(
        within(screen.getByTestId('consent-text-current')).getByText('Texto segundo.'),
      ).toBeVisible(),
    );
    expect(screen.getByText(/^Versión 1, del 1 de septiembre de 2026/)).toBeVisible();
    expect(sent).toEqual([{ body: '' }, { body: 'Texto segundo.' }]);
  });
});

const consents = (over: Partial<ChildConsents> = {}): ChildConsents => ({
  child_id: 4,
  full_name: 'Nora Pérez',
  own_counts: false,
  text: { version: 1, body: 'Texto.', created_at: '2026-09-01T10:00:00Z', created_by: null },
  purposes: [
    status('gallery', 'none'),
    status('web', 'none'),
    status('social', 'none'),
    status('press', 'none'),
  ],
  history: [],
  ...over,
});

const child = {
  id: 4,
  full_name: 'Nora Pérez',
  birth_date: '2014-02-02',
  section: { id: 2, name: 'Tropa', colour: '#15803d' },
  active: true,
  guardians: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('ConsentModal', () => {
  it('records a paper form with its note and shows it in the history', async () => {
    const user = userEvent.setup();
    signIn({ role: 'scouter' });
    const sent: unknown[] = [];
    stubApi({
      'GET /children/4/consents': [200, consents()],
      'POST /children/4/consents': (config: RequestConfig) => {
        const body = JSON.parse(String(config.data));
        sent.push(body);
        return [
          201,
          {
            message: 'Consentimiento guardado: autorizado.',
            consents: consents({
              purposes: [
                status('gallery', 'granted'),
                status('web', 'none'),
                status('social', 'none'),
                status('press', 'none'),
              ],
              history: [
                {
                  id: 1,
                  purpose: 'gallery',
                  granted: true,
                  given_by: 'paper',
                  recorded_by: 'Pablo Scout',
                  note: 'Hoja firmada el 3/10',
                  text_version: 1,
                  created_at: '2026-10-03T10:00:00Z',
                },
              ],
            }),
          },
        ];
      },
    });
    renderApp(<ConsentModal child={child} onHide={() => {}} />);
    const dialog = await screen.findByRole('dialog', {
      name: 'Consentimiento de imagen de Nora Pérez',
    });
    expect(await within(dialog).findByText('Registrar una hoja firmada')).toBeVisible();
    await user.click(within(dialog).getByRole('radio', { name: 'Autoriza' }));
    await user.type(within(dialog).getByLabelText('Nota'), 'Hoja firmada el 3/10');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(await within(dialog).findByText('Consentimiento guardado: autorizado.')).toBeVisible();
    expect(within(dialog).getByText('Autoriza «Galería del grupo»')).toBeVisible();
    expect(
      within(dialog).getByText(
        /Hoja firmada, registrado por Pablo Scout · versión 1 del texto · Hoja firmada el 3\/10/,
      ),
    ).toBeVisible();
    expect(sent).toEqual([
      { purpose: 'gallery', granted: true, given_by: 'paper', note: 'Hoja firmada el 3/10' },
    ]);
  });

  it('from 14 records the young person’s own consent', async () => {
    signIn({ role: 'admin' });
    stubApi({ 'GET /children/4/consents': [200, consents({ own_counts: true })] });
    renderApp(<ConsentModal child={child} onHide={() => {}} />);
    expect(await screen.findByText('Registrar su propio consentimiento')).toBeVisible();
    expect(screen.getByText(/^Tiene 14 años o más: cuenta su propio consentimiento/)).toBeVisible();
  });
});
