import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { ProtectionPage } from './protection-page';

const delegate = { name: 'Lucía Prieto', contact: 'proteccion@example.org' };
const SENT = 'Tu mensaje ha llegado al delegado/a de protección. Solo esa persona puede leerlo.';

function setup(routes: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({
    'GET /protection/delegate': [200, delegate],
    'POST /protection/messages': [201, { message: SENT }],
    ...routes,
  });
  return { calls, ...renderApp(<ProtectionPage />, { route: '/proteccion' }) };
}

const posted = (calls: { method: string; url: string; data: unknown }[]) =>
  calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(String(c.data)));

describe('ProtectionPage', () => {
  it('lets a visitor write, with no name and no way to answer', async () => {
    const { user, calls } = setup();
    expect(
      await screen.findByText(
        'El delegado/a de protección es Lucía Prieto. También puedes contactar en proteccion@example.org.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText('Escribe tu mensaje.')).toBeVisible();
    expect(screen.getByLabelText('Tu mensaje')).toHaveFocus();
    await user.type(
      screen.getByLabelText('Tu mensaje'),
      'En la acampada pasó algo que me preocupa.',
    );
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText(SENT)).toBeVisible();
    expect(posted(calls)).toEqual([{ body: 'En la acampada pasó algo que me preocupa.' }]);
    await user.click(screen.getByRole('button', { name: 'Escribir otro mensaje' }));
    expect(screen.getByLabelText('Tu mensaje')).toHaveValue('');
  });

  it('sends a name and a way to answer when given', async () => {
    const { user, calls } = setup();
    await user.type(await screen.findByLabelText('Tu mensaje'), 'Hola');
    await user.type(screen.getByLabelText('Tu nombre (opcional)'), 'Una madre');
    await user.type(screen.getByLabelText('Cómo responderte (opcional)'), '600 000 000');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText(SENT)).toBeVisible();
    expect(posted(calls)).toEqual([{ body: 'Hola', name: 'Una madre', reply_to: '600 000 000' }]);
  });

  it('tells a member that the message goes with their account', async () => {
    signIn({ role: 'usuario', name: 'Ana Pérez' });
    setup();
    expect(
      await screen.findByText(
        'Escribes con tu cuenta: el delegado/a verá que el mensaje es de Ana Pérez.',
      ),
    ).toBeVisible();
    expect(screen.queryByLabelText('Tu nombre (opcional)')).not.toBeInTheDocument();
  });

  it('shows the server refusal (too many messages) and keeps what was written', async () => {
    const { user } = setup({
      'POST /protection/messages': [429, { message: 'Demasiados intentos. Espera unos minutos.' }],
    });
    await user.type(await screen.findByLabelText('Tu mensaje'), 'Hola');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Demasiados intentos. Espera unos minutos.',
    );
    expect(screen.getByLabelText('Tu mensaje')).toHaveValue('Hola');
  });

  it('says when the group has not named a delegado/a yet', async () => {
    setup({ 'GET /protection/delegate': [200, null] });
    expect(
      await screen.findByText('El grupo aún no ha nombrado delegado/a de protección.'),
    ).toBeVisible();
    expect(screen.queryByLabelText('Tu mensaje')).not.toBeInTheDocument();
  });
});
