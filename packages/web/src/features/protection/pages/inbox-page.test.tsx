import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { ProtectionInboxPage } from './inbox-page';

function setup(routes: Parameters<typeof stubApi>[0]) {
  signIn({ role: 'scouter', name: 'Lucía Prieto' });
  const calls = stubApi(routes);
  return { calls, ...renderApp(<ProtectionInboxPage />, { route: '/proteccion/mensajes' }) };
}

describe('ProtectionInboxPage', () => {
  it('shows the delegado/a the messages and the log of who read them', async () => {
    const { calls } = setup({
      'GET /protection/messages': [
        200,
        {
          items: [
            {
              id: 4,
              body: 'Quiero hablar de algo.\nEs importante.',
              name: null,
              reply_to: null,
              sender_name: null,
              created_at: '2026-11-20T09:15:00.000Z',
            },
            {
              id: 3,
              body: 'Mi hijo vino triste.',
              name: 'Ana',
              reply_to: '600 111 222',
              sender_name: 'Ana Pérez',
              created_at: '2026-11-19T18:00:00.000Z',
            },
            {
              id: 2,
              body: 'Otra cosa.',
              name: null,
              reply_to: null,
              sender_name: 'Luis Gil',
              created_at: '2026-11-18T18:00:00.000Z',
            },
          ],
        },
      ],
      'GET /protection/reads': [
        200,
        {
          items: [
            { message_id: 4, reader_name: 'Lucía Prieto', read_at: '2026-11-28T10:00:00.000Z' },
          ],
        },
      ],
    });
    const messages = await screen.findByRole('list', { name: 'Mensajes recibidos' });
    expect(
      within(messages)
        .getAllByRole('listitem')
        .map((m) => m.textContent),
    ).toEqual([
      'n.º 4 · viernes 20 de noviembre de 2026, 10:15De: Sin nombreQuiero hablar de algo.\nEs importante.',
      'n.º 3 · jueves 19 de noviembre de 2026, 19:00De: AnaMi hijo vino triste.Enviado con la cuenta de Ana PérezResponder a: 600 111 222',
      // Sent signed in without a name: the account says who, no «Sin nombre» beside it.
      'n.º 2 · miércoles 18 de noviembre de 2026, 19:00Otra cosa.Enviado con la cuenta de Luis Gil',
    ]);
    const log = screen.getByRole('region', { name: 'Registro de lecturas' });
    expect((await within(log).findAllByRole('row')).map((r) => r.textContent)).toEqual([
      'MensajeQuiénCuándo',
      'n.º 4Lucía Prietosábado 28 de noviembre de 2026, 11:00',
    ]);
    // The log is asked after the messages, so it holds this very reading.
    expect(calls.map((c) => c.url)).toEqual(['/protection/messages', '/protection/reads']);
  });

  it('says when there are no messages, and nobody has read any', async () => {
    setup({
      'GET /protection/messages': [200, { items: [] }],
      'GET /protection/reads': [200, { items: [] }],
    });
    expect(await screen.findByText('Todavía no has recibido ningún mensaje.')).toBeVisible();
    expect(await screen.findByText('Nadie ha leído todavía los mensajes.')).toBeVisible();
  });

  it('tells anyone else the messages are not theirs, and asks for no log', async () => {
    const { calls } = setup({
      'GET /protection/messages': [
        403,
        { message: 'Solo el delegado/a de protección puede leer estos mensajes.' },
      ],
    });
    expect(
      await screen.findByText('Solo el delegado/a de protección puede leer estos mensajes.'),
    ).toBeVisible();
    expect(calls.map((c) => c.url)).toEqual(['/protection/messages']);
  });
});
