import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider, useAuth } from '../../lib/auth';
import { stubApi } from '../../test/api-stub';
import { signIn } from '../../test/token';
import { campSessionEnd, hasCampData } from './boot';
import { allPacks, deleteEverything, pendingMarks, savePack } from './lib/camp-db';
import { markNow } from './lib/sync';
import { campPack } from './test/pack';

// Signing out wipes the camp packs kept in this browser, after sending the scouter's waiting
// marks with the session that is ending.

function SignOut() {
  const { logout, status } = useAuth();
  return (
    <>
      <p data-testid="status">{status}</p>
      <button type="button" onClick={logout}>
        Cerrar sesión
      </button>
    </>
  );
}

function renderSignedIn() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/actividades/5/campamento']}>
        <AuthProvider refreshOnRestore={false} onSessionEnd={campSessionEnd}>
          <SignOut />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  await deleteEverything();
});

describe('signing out', () => {
  it('sends the waiting marks with the ending session, then wipes every pack', async () => {
    const token = signIn({ id: 7, role: 'scouter' });
    await savePack(7, campPack(5));
    await savePack(7, campPack(6));
    await markNow(7, 5, { child_id: 1, day: '2027-03-13', moment: 'noche' }, true);
    const calls = stubApi({
      'POST /activities/5/attendance': (config) => [
        200,
        { marks: JSON.parse(String(config.data)).marks },
      ],
    });
    renderSignedIn();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(hasCampData()).toBe(false));
    expect(await allPacks()).toEqual([]);
    expect(await pendingMarks(7, 5)).toEqual([]);
    expect(calls.map((c) => [c.method, c.url, c.headers.Authorization])).toEqual([
      ['POST', '/activities/5/attendance', `Bearer ${token}`],
    ]);
    expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated');
  });

  it('with no signal the packs go all the same and the marks wait, without their names', async () => {
    signIn({ id: 7, role: 'scouter' });
    await savePack(7, campPack(5));
    await markNow(7, 5, { child_id: 1, day: '2027-03-13', moment: 'noche' }, true);
    stubApi({ 'POST /activities/5/attendance': 'network-error' });
    renderSignedIn();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(async () => expect(await allPacks()).toEqual([]));
    expect(await pendingMarks(7, 5)).toHaveLength(1);
  });
});
