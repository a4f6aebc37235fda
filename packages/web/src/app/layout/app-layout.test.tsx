import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/token';
import { AppLayout } from './app-layout';

const config = {
  groupName: 'Grupo Scout 451 Fogata',
  groupAddress: 'Calle Mayor 1',
  groupMapUrl: null,
  oidc: null,
};

async function openDrawer(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
  // The drawer is loaded on first use (with its stylesheet): slow on a busy machine.
  return screen.findByRole('dialog', {}, { timeout: 5000 });
}

const linkNames = (drawer: HTMLElement) =>
  within(within(drawer).getByRole('navigation'))
    .getAllByRole('link')
    .map((l) => l.textContent);

describe('AppLayout and the navigation drawer', () => {
  it("shows the group's name from /api/config", async () => {
    stubApi({ 'GET /config': [200, config] });
    renderApp(<AppLayout />);
    expect(
      await screen.findByText('Grupo Scout 451 Fogata', { selector: 'a span' }),
    ).toBeInTheDocument();
  });

  it('offers Iniciar Sesión and the public entries to a visitor', async () => {
    stubApi({ 'GET /config': [200, config] });
    const { user } = renderApp(<AppLayout />);
    const drawer = await openDrawer(user);
    expect(linkNames(drawer)).toEqual([
      'Iniciar Sesión',
      'Noticias',
      'Experiencias',
      '¿Quiénes somos?',
      'Delegado/a de protección',
    ]);
    expect(within(drawer).getByRole('link', { name: 'Delegado/a de protección' })).toHaveAttribute(
      'href',
      '/proteccion',
    );
    expect(within(drawer).getByRole('link', { name: 'Iniciar Sesión' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(within(drawer).queryByRole('button', { name: 'Cerrar Sesión' })).not.toBeInTheDocument();
  });

  it("shows a member's name and the member entries, not Administración", async () => {
    signIn({ role: 'usuario', name: 'Pablo Scout' });
    stubApi({ 'GET /config': [200, config] });
    const { user } = renderApp(<AppLayout />);
    const drawer = await openDrawer(user);
    expect(within(drawer).getByText('Pablo Scout')).toBeInTheDocument();
    expect(linkNames(drawer)).toEqual([
      'Editar Perfil',
      'Galería',
      'Actividades',
      'Noticias',
      'Experiencias',
      '¿Quiénes somos?',
      'Delegado/a de protección',
    ]);
    expect(within(drawer).getByRole('link', { name: 'Actividades' })).toHaveAttribute(
      'href',
      '/actividades',
    );
  });

  it('gives the delegado/a de protección their inbox, and no other scouter', async () => {
    signIn({ role: 'scouter', name: 'Lucía Prieto' });
    const delegate = { name: 'Lucía Prieto', contact: 'proteccion@example.org', mine: true };
    stubApi({ 'GET /config': [200, config], 'GET /protection/delegate': [200, delegate] });
    const { user } = renderApp(<AppLayout />);
    const drawer = await openDrawer(user);
    expect(
      await within(drawer).findByRole('link', { name: 'Mensajes al delegado/a' }),
    ).toHaveAttribute('href', '/proteccion/mensajes');
  });

  it('gives a scouter who is not the delegado/a no inbox', async () => {
    signIn({ role: 'scouter', name: 'Pedro Scouter' });
    const delegate = { name: 'Lucía Prieto', contact: 'proteccion@example.org', mine: false };
    const calls = stubApi({
      'GET /config': [200, config],
      'GET /protection/delegate': [200, delegate],
    });
    const { user } = renderApp(<AppLayout />);
    const drawer = await openDrawer(user);
    await waitFor(() => expect(calls.some((c) => c.url === '/protection/delegate')).toBe(true));
    expect(linkNames(drawer)).not.toContain('Mensajes al delegado/a');
    expect(linkNames(drawer)).toContain('Delegado/a de protección');
  });

  it('gives an admin Administración, and Cerrar Sesión goes to /login', async () => {
    signIn({ role: 'admin', name: 'Marta Jefa' });
    stubApi({ 'GET /config': [200, config] });
    const { user } = renderApp(<AppLayout />, { routes: { '/login': <AppLayout /> } });
    const drawer = await openDrawer(user);
    expect(within(drawer).getByRole('link', { name: 'Administración' })).toHaveAttribute(
      'href',
      '/admin/invitations',
    );
    await user.click(within(drawer).getByRole('button', { name: 'Cerrar Sesión' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});
