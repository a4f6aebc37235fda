import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { never, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { childData, summaryData } from '../test/data';
import { ActivitiesPage } from './activities-page';

const noFeeds: Parameters<typeof stubApi>[0] = {
  'GET /calendar-feeds': [200, { family: null, sections: [] }],
};

function setup(
  routes: Parameters<typeof stubApi>[0],
  ui = <ActivitiesPage />,
  route = '/actividades',
) {
  signIn({ role: 'usuario' });
  const calls = stubApi({ ...noFeeds, ...routes });
  return { calls, ...renderApp(ui, { route, path: '/actividades' }) };
}

const list = (overrides: object = {}) => ({
  upcoming: [],
  past: [],
  past_total: 0,
  page_size: 10,
  ...overrides,
});

const card = async (title: string) =>
  (await screen.findByRole('link', { name: title })).closest('article') as HTMLElement;

describe('ActivitiesPage', () => {
  it('says it is loading, then that nothing is coming nor has passed', async () => {
    setup({ 'GET /activities': never });
    expect(screen.getByRole('heading', { name: 'Actividades' })).toBeInTheDocument();
    expect(screen.getByText('Cargando actividades...')).toBeInTheDocument();
  });

  it('shows the empty texts', async () => {
    setup({ 'GET /activities': [200, list()] });
    expect(await screen.findByText('No hay actividades próximas.')).toBeInTheDocument();
    expect(screen.getByText('Todavía no hay actividades pasadas.')).toBeInTheDocument();
  });

  it("shows the server's error with a retry", async () => {
    setup({ 'GET /activities': [500, { message: 'Error al obtener las actividades.' }] });
    expect(await screen.findByText('Error al obtener las actividades.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it("draws each activity: kind, title, Madrid's dates, place, audience and each child's status", async () => {
    setup({
      'GET /activities': [
        200,
        list({
          upcoming: [
            summaryData(1, {
              title: 'Acampada de primavera',
              needs_answer: true,
              children: [
                childData(21, { child_name: 'Lucía', signup: 'va' }),
                childData(22, { child_name: 'Pablo' }),
                childData(23, { child_name: 'Irene', signup: 'espera', waiting_position: 3 }),
              ],
            }),
            summaryData(2, {
              title: 'Reunión de grupo',
              kind: 'reunion',
              audience: [],
              // Summer time: 16:00 UTC is 18:00 in Madrid.
              starts_at: '2027-06-05T16:00:00.000Z',
              ends_at: '2027-06-05T18:00:00.000Z',
              children: [
                childData(21, {
                  child_name: 'Lucía',
                  signup: 'va',
                  authorization: { state: 'online', required_signers: 1, signatures: [] },
                }),
              ],
            }),
          ],
          past: [
            summaryData(3, {
              title: 'Salida al río',
              kind: 'salida',
              status: 'celebrada',
              children: [childData(22, { child_name: 'Pablo' })],
            }),
          ],
          past_total: 1,
        }),
      ],
    });
    const first = await card('Acampada de primavera');
    expect(within(first).getByRole('link', { name: 'Acampada de primavera' })).toHaveAttribute(
      'href',
      '/actividades/1',
    );
    expect(within(first).getByText('Acampada')).toBeInTheDocument();
    expect(
      within(first).getByText(
        'del sábado 13 de marzo, 10:00, al domingo 14 de marzo de 2027, 17:00',
      ),
    ).toBeInTheDocument();
    expect(within(first).getByText('Albergue de Canencia')).toBeInTheDocument();
    expect(within(first).getByRole('list', { name: 'Para: Tropa' })).toBeInTheDocument();
    const lucia = within(first).getByText('Lucía').closest('li') as HTMLElement;
    expect(within(lucia).getByText('Va')).toBeInTheDocument();
    expect(within(lucia).getByText('Falta firmar la autorización')).toBeInTheDocument();
    const pablo = within(first).getByText('Pablo').closest('li') as HTMLElement;
    expect(within(pablo).getByText('Pendiente')).toBeInTheDocument();
    expect(within(pablo).getByText('Falta tu respuesta')).toBeInTheDocument();
    // A waiting child reads its place in line and is never told «Va».
    const irene = within(first).getByText('Irene').closest('li') as HTMLElement;
    expect(within(irene).getByText('En lista de espera (n.º 3)')).toBeInTheDocument();
    expect(within(irene).queryByText('Va')).not.toBeInTheDocument();
    expect(within(irene).queryByText('Falta firmar la autorización')).not.toBeInTheDocument();

    const second = await card('Reunión de grupo');
    expect(within(second).getByText('Reunión')).toBeInTheDocument();
    expect(
      within(second).getByText('sábado 5 de junio de 2027, de 18:00 a 20:00'),
    ).toBeInTheDocument();
    expect(within(second).getByText('Todo el grupo')).toBeInTheDocument();
    expect(within(second).queryByText(/^Falta/)).not.toBeInTheDocument();

    const past = screen.getByRole('region', { name: 'Pasadas' });
    const third = within(past).getByRole('article');
    expect(within(third).getByText('Salida')).toBeInTheDocument();
    expect(within(third).getByText('Celebrada')).toBeInTheDocument();
    // Over, a child never answered for reads so, with nothing left to do.
    expect(within(third).getByText('Sin respuesta')).toBeInTheDocument();
    expect(within(third).queryByText('Pendiente')).not.toBeInTheDocument();
    expect(within(third).queryByText('Falta tu respuesta')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Próximas' })).not.toContainElement(third);
  });

  it('pages the past ones', async () => {
    const { user, calls } = setup({
      'GET /activities': (config) => [
        200,
        list({
          past: [
            summaryData(Number(config.params.past_page) + 40, {
              title: `Página ${config.params.past_page}`,
            }),
          ],
          past_total: 25,
        }),
      ],
    });
    expect(await screen.findByRole('link', { name: 'Página 1' })).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Páginas de las actividades pasadas' });
    expect(within(pager).getByText('Página 1 de 3 · 25 actividades')).toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('link', { name: 'Página 2' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/activities').length).toBe(2);
  });

  it("draws the app's managers' controls in its slot", async () => {
    setup(
      { 'GET /activities': [200, list()] },
      <ActivitiesPage actions={<button type="button">Nueva actividad</button>} />,
    );
    expect(screen.getByRole('button', { name: 'Nueva actividad' })).toBeInTheDocument();
  });

  it("shows the family's and the sections' feeds; resetting one says the old link stops", async () => {
    const { user, calls } = setup({
      'GET /activities': [200, list()],
      'GET /calendar-feeds': [
        200,
        {
          family: 'https://fogata.example/calendar/aaa.ics',
          sections: [
            {
              section: { id: 3, name: 'Tropa', colour: '#1c7ed6' },
              url: 'https://fogata.example/calendar/bbb.ics',
            },
          ],
        },
      ],
      'POST /calendar-feeds/reset': [200, { url: 'https://fogata.example/calendar/ccc.ics' }],
    });
    const family = await screen.findByLabelText('Actividades de tus educandos');
    expect(family).toHaveValue('https://fogata.example/calendar/aaa.ics');
    expect(screen.getByLabelText('Actividades de Tropa')).toHaveValue(
      'https://fogata.example/calendar/bbb.ics',
    );
    await user.click(screen.getAllByRole('button', { name: 'Copiar' })[0]!);
    expect(await navigator.clipboard.readText()).toBe('https://fogata.example/calendar/aaa.ics');

    await user.click(screen.getAllByRole('button', { name: 'Restablecer enlace' })[1]!);
    const dialog = await screen.findByRole('dialog', {
      name: '¿Restablecer el enlace del calendario?',
    });
    expect(within(dialog).getByText(/El anterior deja de funcionar/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Restablecer' }));
    expect(
      await screen.findByText('Enlace restablecido. Suscribe tu calendario con el nuevo.'),
    ).toBeInTheDocument();
    const reset = calls.find((c) => c.url === '/calendar-feeds/reset');
    expect(JSON.parse(reset?.data as string)).toEqual({ section_id: 3 });
    await waitFor(() => expect(calls.filter((c) => c.url === '/calendar-feeds')).toHaveLength(2));
  });

  it("gives a scouter without children only their sections' feeds, and none to who has neither", async () => {
    setup({
      'GET /activities': [200, list()],
      'GET /calendar-feeds': [
        200,
        {
          family: null,
          sections: [
            {
              section: { id: 3, name: 'Tropa', colour: '#1c7ed6' },
              url: 'https://fogata.example/calendar/bbb.ics',
            },
          ],
        },
      ],
    });
    expect(await screen.findByLabelText('Actividades de Tropa')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Suscríbete en tu calendario (Google, Apple, Outlook) al enlace de cada una de tus secciones y verás sus actividades, al día. Son privados: no los compartas.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Actividades de tus educandos')).not.toBeInTheDocument();
    expect(screen.queryByText(/Como scouter/)).not.toBeInTheDocument();
  });

  it('shows no calendar to a member with neither children nor sections', async () => {
    setup({ 'GET /activities': [200, list()] });
    expect(await screen.findByText('No hay actividades próximas.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Tu calendario' })).not.toBeInTheDocument();
  });
});
