import type { ConsentRegisterRow, ConsentText } from '@fogata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RequestConfig } from '../../../lib/api-client';
import { consentStatus as status, TROPA as tropa } from '../../../test/admin-fixtures';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { ConsentPage } from './consent-page';

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
