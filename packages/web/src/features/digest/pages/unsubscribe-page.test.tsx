import { DIGEST_MESSAGES } from '@fogata/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { UnsubscribePage } from './unsubscribe-page';

const TOKEN = '7.Abc-_0123456789012345678901234567890123456';

describe('UnsubscribePage', () => {
  it('unsubscribes once on opening, without a session, and says so in Spanish', async () => {
    const calls = stubApi({
      'POST /digest/unsubscribe': [200, { message: DIGEST_MESSAGES.unsubscribed }],
    });
    renderApp(<UnsubscribePage />, { route: `/unsubscribe?token=${encodeURIComponent(TOKEN)}` });
    expect(screen.getByRole('heading', { name: 'Darse de baja' })).toBeInTheDocument();
    expect(await screen.findByText(DIGEST_MESSAGES.unsubscribed)).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });

  it("shows the server's message for a bad link", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi({
      'POST /digest/unsubscribe': [404, { message: DIGEST_MESSAGES.unsubscribeUnknown }],
    });
    renderApp(<UnsubscribePage />, { route: '/unsubscribe?token=1.x' });
    expect(await screen.findByText(DIGEST_MESSAGES.unsubscribeUnknown)).toBeInTheDocument();
  });

  it('says the link is not valid when it has no token, and asks nothing', async () => {
    const calls = stubApi({});
    renderApp(<UnsubscribePage />, { route: '/unsubscribe' });
    expect(await screen.findByText(DIGEST_MESSAGES.unsubscribeInvalid)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
