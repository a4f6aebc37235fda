import type { ChildConsents, ConsentStatus } from '@fogata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RequestConfig } from '../../../lib/api-client';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { MyChildren } from './my-children';

const none = (purpose: ConsentStatus['purpose']): ConsentStatus => ({
  purpose,
  state: 'none',
  given_by: null,
  at: null,
  text_version: null,
  outdated: false,
});

function consents(id: number, over: Partial<ChildConsents> = {}): ChildConsents {
  return {
    child_id: id,
    full_name: 'Irene Gómez Ruiz',
    own_counts: false,
    text: {
      version: 2,
      body: 'Autorizo al grupo a mostrar fotos de mi hija.',
      created_at: '2026-09-01T10:00:00Z',
      created_by: 'Ana',
    },
    purposes: [none('gallery'), none('web'), none('social'), none('press')],
    history: [],
    ...over,
  };
}

const irene = {
  id: 1,
  full_name: 'Irene Gómez Ruiz',
  section: { id: 1, name: 'Manada', colour: '#b45309' },
};
const pablo = {
  id: 2,
  full_name: 'Pablo Gómez Ruiz',
  section: { id: 2, name: 'Tropa', colour: '#15803d' },
};

function setup(children: unknown[], routes: Record<string, unknown> = {}) {
  signIn({ id: 5, name: 'Lucía', role: 'usuario' });
  const calls = stubApi({
    'GET /profile/children': [200, children],
    'GET /profile/children/1/consents': [200, consents(1)],
    'GET /profile/children/2/consents': [200, consents(2, { full_name: 'Pablo Gómez Ruiz' })],
    ...(routes as Record<string, never>),
  });
  return { calls, ...renderApp(<MyChildren />, { route: '/profile/edit' }) };
}

describe('MyChildren', () => {
  it('lists each child with their section badge and a link to their photos', async () => {
    setup([irene, pablo]);
    const card = screen.getByTestId('my-children');
    expect(within(card).getByRole('heading', { name: 'Mis educandos' })).toBeVisible();
    const items = await within(card).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/^Irene Gómez RuizManada/);
    expect(within(card).getByText('Tropa')).toHaveStyle({ backgroundColor: '#15803d' });
    expect(
      within(card).getByRole('link', { name: 'Fotos de mi educando: Pablo Gómez Ruiz' }),
    ).toHaveAttribute('href', '/mis-educandos/2/fotos');
  });

  it("links each child's ficha sanitaria, with a badge while it asks something", async () => {
    setup([irene, pablo], {
      'GET /children/1/health': [200, { record: null, confirm_due: true }],
      'GET /children/2/health': [200, { record: { allergies: '' }, confirm_due: false }],
    });
    const irenes = await screen.findByRole('link', { name: 'Ficha sanitaria de Irene Gómez Ruiz' });
    expect(irenes).toHaveAttribute('href', '/mis-educandos/1/ficha');
    expect(await screen.findByText('Sin rellenar')).toBeVisible();
    expect(irenes).toHaveAccessibleDescription('Sin rellenar');
    const pablos = screen.getByRole('link', { name: 'Ficha sanitaria de Pablo Gómez Ruiz' });
    expect(pablos).not.toHaveAccessibleDescription();
  });

  it('asks to confirm a ficha not confirmed this round', async () => {
    setup([irene], {
      'GET /children/1/health': [200, { record: { allergies: '' }, confirm_due: true }],
    });
    const link = await screen.findByRole('link', { name: 'Ficha sanitaria de Irene Gómez Ruiz' });
    expect(await screen.findByText('Confirmar que está al día')).toBeVisible();
    expect(link).toHaveAccessibleDescription('Confirmar que está al día');
  });

  it('says so in one line when the account has none', async () => {
    setup([]);
    expect(await screen.findByText(/^No tienes educandos vinculados a tu cuenta\./)).toBeVisible();
  });
});

describe('the image consent of a child', () => {
  it('says plainly that no answer means no consent, and nothing is chosen', async () => {
    setup([irene]);
    const gallery = await screen.findByRole('group', {
      name: 'Galería del grupo para Irene Gómez Ruiz',
    });
    expect(within(gallery).getByRole('radio', { name: 'Sí' })).not.toBeChecked();
    expect(within(gallery).getByRole('radio', { name: 'No' })).not.toBeChecked();
    expect(screen.getAllByText('Sin responder: no se mostrará su cara')).toHaveLength(4);
    expect(screen.getByText('Leer el texto del consentimiento (versión 2)')).toBeVisible();
  });

  it('grants and then withdraws gallery consent, showing the state the server answers', async () => {
    const user = userEvent.setup();
    const answers: unknown[] = [];
    const granted = (g: boolean): ConsentStatus => ({
      purpose: 'gallery',
      state: g ? 'granted' : 'refused',
      given_by: 'guardian',
      at: '2026-11-20T10:00:00Z',
      text_version: 2,
      outdated: false,
    });
    setup([irene], {
      'PUT /profile/children/1/consents': (config: RequestConfig) => {
        const body = JSON.parse(String(config.data));
        answers.push(body);
        return [
          200,
          {
            message: body.granted
              ? 'Consentimiento guardado: autorizado.'
              : 'Consentimiento guardado: no autorizado.',
            consents: consents(1, {
              purposes: [granted(body.granted), none('web'), none('social'), none('press')],
            }),
          },
        ];
      },
    });
    const gallery = await screen.findByRole('group', {
      name: 'Galería del grupo para Irene Gómez Ruiz',
    });
    await user.click(within(gallery).getByRole('radio', { name: 'Sí' }));
    await waitFor(() => expect(within(gallery).getByRole('radio', { name: 'Sí' })).toBeChecked());
    expect(screen.getByText('Autorizado')).toBeVisible();
    expect(
      screen.getByText(/respondido por la familia, desde el 20 de noviembre de 2026/),
    ).toBeVisible();
    await user.click(within(gallery).getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(screen.getByText('No autorizado')).toBeVisible());
    expect(answers).toEqual([
      { purpose: 'gallery', granted: true },
      { purpose: 'gallery', granted: false },
    ]);
  });

  it('asks again when the answer was given to an older text', async () => {
    setup([irene], {
      'GET /profile/children/1/consents': [
        200,
        consents(1, {
          purposes: [
            {
              purpose: 'gallery',
              state: 'granted',
              given_by: 'guardian',
              at: '2026-01-10T10:00:00Z',
              text_version: 1,
              outdated: true,
            },
            none('web'),
            none('social'),
            none('press'),
          ],
        }),
      ],
    });
    expect(
      await screen.findByText(
        'Hay un texto nuevo del consentimiento: te pedimos que vuelvas a responder.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText('El texto ha cambiado desde que respondiste: léelo y vuelve a responder.'),
    ).toBeVisible();
  });

  it('from 14 says the young person decides, a scouter records it, and offers no choice', async () => {
    setup([irene], {
      'GET /profile/children/1/consents': [200, consents(1, { own_counts: true })],
    });
    expect(
      await screen.findByText(
        'Irene Gómez Ruiz ya tiene 14 años: cuenta su propio consentimiento, no el de la familia. Lo registra su scouter con él o con ella.',
      ),
    ).toBeVisible();
    expect(screen.queryAllByRole('radio')).toEqual([]);
  });
});
