import { MY_DATA_MESSAGES } from '@fogata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProtectedRoute } from '../../../app/routes/guards';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { LandingPage } from '../../landing/pages/landing-page';
import { fileNameFrom } from '../api/my-data';
import { MyDataSection } from './my-data-section';

const exported = { exported_at: '2026-11-23T10:00:00.000Z', account: { id: 5, name: 'Lucía' } };

function setup(routes: Parameters<typeof stubApi>[0] = {}) {
  signIn({ id: 5, name: 'Lucía', role: 'usuario', email: 'lucia@example.org' });
  const calls = stubApi({
    'GET /config': [200, { groupName: 'Grupo Scout Fogata 1', oidc: null }],
    'GET /news?limit=3': [200, []],
    ...routes,
  });
  return {
    calls,
    // Inside the page's guard, as in the app: it must not send the leaver to /login.
    ...renderApp(
      <ProtectedRoute>
        <MyDataSection />
      </ProtectedRoute>,
      { route: '/profile/edit', routes: { '/': <LandingPage /> } },
    ),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('fileNameFrom', () => {
  it("takes the server's file name, or today's when it is missing or odd", () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(fileNameFrom('attachment; filename="fogata-mis-datos-2026-11-22.json"', now)).toBe(
      'fogata-mis-datos-2026-11-22.json',
    );
    for (const odd of [
      undefined,
      '',
      'attachment',
      'attachment; filename="../../etc/passwd"',
      'attachment; filename=".oculto"',
    ]) {
      expect(fileNameFrom(odd, now)).toBe('fogata-mis-datos-2026-11-23.json');
    }
  });
});

describe('MyDataSection', () => {
  it('downloads the JSON under the name the server gave', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:fogata/1';
    });
    URL.revokeObjectURL = vi.fn();
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloaded = `${this.download}|${this.getAttribute('href')}`;
    });
    const { user } = setup({
      'GET /profile/me/export': [
        200,
        exported,
        { 'content-disposition': 'attachment; filename="fogata-mis-datos-2026-11-23.json"' },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
    expect(
      await screen.findByText('Descarga lista: revisa la carpeta de descargas de tu navegador.'),
    ).toBeInTheDocument();
    expect(downloaded).toBe('fogata-mis-datos-2026-11-23.json|blob:fogata/1');
    expect(JSON.parse(await blobs[0]!.text())).toEqual(exported);
    expect(blobs[0]!.type).toBe('application/json');
  });

  it("shows the server's message when the download is refused", async () => {
    const { user } = setup({
      'GET /profile/me/export': [
        429,
        { message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.' },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
    expect(
      await screen.findByText('Demasiados intentos. Espera un momento y vuelve a intentarlo.'),
    ).toBeInTheDocument();
  });

  it('says what deleting does, and a wrong password goes under the field', async () => {
    const { user, calls } = setup({
      'DELETE /profile/me': [
        400,
        {
          message: MY_DATA_MESSAGES.wrongPassword,
          errors: [{ field: 'password', message: MY_DATA_MESSAGES.wrongPassword }],
        },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar tu cuenta?' });
    expect(
      within(dialog).getByText(
        'Se borran tu cuenta, tus «me gusta» y todos tus comentarios: los comentarios se eliminan, no se quedan como anónimos.',
      ),
    ).toBeInTheDocument();
    // A child left with no guardian stays in the group (decision 053): said before deleting.
    expect(
      within(dialog).getByText(
        'Si estás vinculado a educandos, el vínculo se borra, pero ellos siguen en el grupo, en su sección: si eras su única familia en Fogata, los scouters los verán «sin familia» hasta que inviten a otra persona de su familia.',
      ),
    ).toBeInTheDocument();
    // Signed autorizaciones are the group's record: how long they stay is said before deleting.
    expect(
      within(dialog).getByText(
        'Las autorizaciones que hayas firmado se conservan con tu nombre y DNI/NIE tal como firmaste durante 5 años después de cada actividad, como registro del grupo; después se borran.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Esta acción no se puede deshacer.')).toBeInTheDocument();

    // Nothing typed: said at once, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    const field = within(dialog).getByLabelText('Contraseña');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(MY_DATA_MESSAGES.passwordRequired),
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.type(field, 'no-es-esta');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining(MY_DATA_MESSAGES.wrongPassword),
      ),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    const sent = calls.find((c) => c.method === 'DELETE');
    expect(JSON.parse(String(sent?.data))).toEqual({ password: 'no-es-esta' });
    // Still signed in, still here.
    expect(localStorage.getItem('authToken')).not.toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/edit');
  });

  it('signs out and shows the confirmation on the home page once deleted', async () => {
    const { user } = setup({
      'DELETE /profile/me': [200, { message: MY_DATA_MESSAGES.accountDeleted }],
    });
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Contraseña'), 'contraseña-segura');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await screen.findByText(MY_DATA_MESSAGES.accountDeleted)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(screen.getByRole('link', { name: 'Iniciar Sesión' })).toBeInTheDocument();
  });

  it('a refusal that is not about the password shows above, e.g. the last admin', async () => {
    const { user } = setup({
      'DELETE /profile/me': [409, { message: MY_DATA_MESSAGES.lastAdmin }],
    });
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Contraseña'), 'contraseña-segura');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await within(dialog).findByText(MY_DATA_MESSAGES.lastAdmin)).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).not.toBeNull();
  });
});
