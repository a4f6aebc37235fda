import type { ChildConsents } from '@fogata/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RequestConfig } from '../../../lib/api-client';
import { consentStatus as status } from '../../../test/admin-fixtures';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { ConsentModal } from './consent-modal';

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
