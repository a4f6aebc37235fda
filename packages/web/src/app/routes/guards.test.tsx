import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/token';
import { AdminRoute, ProtectedRoute } from './guards';

function Login() {
  return <p>pantalla de login</p>;
}

describe('route guards', () => {
  it('sends a visitor to /login, remembering the origin', async () => {
    renderApp(
      <ProtectedRoute>
        <p>galería</p>
      </ProtectedRoute>,
      { route: '/gallery?pagina=2', path: '/gallery', routes: { '/login': <Login /> } },
    );
    expect(await screen.findByText('pantalla de login')).toBeInTheDocument();
    expect(screen.queryByText('galería')).not.toBeInTheDocument();
  });

  it('lets a member in', async () => {
    signIn({ role: 'usuario' });
    renderApp(
      <ProtectedRoute>
        <p>galería</p>
      </ProtectedRoute>,
      { route: '/gallery' },
    );
    expect(await screen.findByText('galería')).toBeInTheDocument();
  });

  it('sends a signed-in non-admin from the admin panel to /', async () => {
    signIn({ role: 'scouter' });
    renderApp(
      <AdminRoute>
        <p>panel</p>
      </AdminRoute>,
      { route: '/admin/invitations', routes: { '/': <p>inicio</p> } },
    );
    expect(await screen.findByText('inicio')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('lets an admin in', async () => {
    signIn({ role: 'admin' });
    renderApp(
      <AdminRoute>
        <p>panel</p>
      </AdminRoute>,
      { route: '/admin/invitations' },
    );
    expect(await screen.findByText('panel')).toBeInTheDocument();
  });
});
