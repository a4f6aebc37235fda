import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestConfig } from '../../../lib/api-client';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { activity } from '../test-data';
import { ActivityManagerToolbar } from './manager-toolbar';

const buttons = () =>
  [
    ...screen
      .getByRole('toolbar', { name: 'Gestión de la actividad' })
      .querySelectorAll('a, button'),
  ].map((b) => b.textContent);

describe('the managers’ toolbar', () => {
  it('offers what each state allows', () => {
    signIn({ role: 'scouter' });
    const offered = (overrides: Parameters<typeof activity>[0]) => {
      const { unmount } = renderApp(<ActivityManagerToolbar activity={activity(overrides)} />);
      const found = screen.queryByRole('toolbar') ? buttons() : null;
      unmount();
      return found;
    };
    expect(offered({ status: 'borrador' })).toEqual(['Editar', 'Publicar', 'Eliminar borrador']);
    expect(offered({ status: 'publicada' })).toEqual([
      'Editar',
      'Tablero',
      'Cerrar inscripción',
      'Cancelar actividad',
    ]);
    expect(offered({ status: 'cerrada' })).toEqual([
      'Editar',
      'Tablero',
      'Marcar como celebrada',
      'Cancelar actividad',
    ]);
    expect(offered({ status: 'cancelada' })).toEqual(['Editar', 'Tablero']);
    expect(offered({ can_manage: false })).toBeNull();
    renderApp(<ActivityManagerToolbar activity={activity()} />);
    expect(screen.getByRole('link', { name: 'Tablero' })).toHaveAttribute(
      'href',
      '/actividades/5/tablero',
    );
    expect(screen.getByRole('link', { name: 'Editar' })).toHaveAttribute(
      'href',
      '/actividades/5/editar',
    );
  });

  it('cancelling asks first and says the families who signed up will be e-mailed', async () => {
    signIn({ role: 'scouter' });
    const sent: unknown[] = [];
    stubApi({
      'POST /activities/5/status': (config: RequestConfig) => {
        sent.push(JSON.parse(String(config.data)));
        return [200, activity({ status: 'cancelada' })];
      },
    });
    const { user } = renderApp(<ActivityManagerToolbar activity={activity()} />);
    await user.click(screen.getByRole('button', { name: 'Cancelar actividad' }));
    const dialog = await screen.findByRole('dialog', {
      name: '¿Cancelar «Acampada de invierno»?',
    });
    expect(dialog).toHaveTextContent(
      'Se enviará un correo a cada familia que haya apuntado a algún educando.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancelar actividad' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Sí, cancelar la actividad',
      }),
    );
    expect(
      await screen.findByText('Actividad cancelada: se ha avisado a las familias apuntadas.'),
    ).toBeVisible();
    expect(sent).toEqual([{ status: 'cancelada' }]);
  });

  it('closes the sign-up at once, and shows the server’s refusal', async () => {
    signIn({ role: 'scouter' });
    let answer: [number, unknown] = [200, activity({ status: 'cerrada' })];
    stubApi({ 'POST /activities/5/status': () => answer });
    const { user } = renderApp(<ActivityManagerToolbar activity={activity()} />);
    await user.click(screen.getByRole('button', { name: 'Cerrar inscripción' }));
    expect(await screen.findByText('Inscripción cerrada.')).toBeVisible();
    answer = [409, { message: 'La actividad ya está cancelada.' }];
    await user.click(screen.getByRole('button', { name: 'Cerrar inscripción' }));
    expect(await screen.findByText('La actividad ya está cancelada.')).toBeVisible();
  });

  it('deletes a borrador after asking, and goes back to the list', async () => {
    signIn({ role: 'scouter' });
    const calls = stubApi({ 'DELETE /activities/5': [204, ''] });
    const { user } = renderApp(
      <ActivityManagerToolbar activity={activity({ status: 'borrador' })} />,
      {
        route: '/actividades/5',
        routes: { '/actividades': <p>Lista de actividades</p> },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Eliminar borrador' }));
    const dialog = await screen.findByRole('dialog', {
      name: '¿Eliminar el borrador «Acampada de invierno»?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Lista de actividades')).toBeVisible();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /activities/5']);
  });
});
