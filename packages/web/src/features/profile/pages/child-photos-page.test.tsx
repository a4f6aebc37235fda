import type { ChildPhoto } from '@fogata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { ChildPhotosPage } from './child-photos-page';

const photo = (id: number, blur_requested = false): ChildPhoto => ({
  id,
  album_id: 3,
  image_url: `/media/p${id}.webp`,
  thumb_url: `/media/t${id}.webp`,
  width: 800,
  height: 600,
  placeholder: 'data:image/webp;base64,AAAA',
  description: null,
  likes_count: 0,
  comments_count: 0,
  user_has_liked: false,
  hidden: false,
  created_at: '2026-10-01T10:00:00Z',
  blur_requested,
});

const irene = {
  id: 7,
  full_name: 'Irene Gómez',
  section: { id: 1, name: 'Manada', colour: '#b45309' },
};

function setup(routes: Record<string, unknown>) {
  signIn({ id: 5, name: 'Lucía', role: 'usuario' });
  const calls = stubApi({
    'GET /profile/children': [200, [irene]],
    ...(routes as Record<string, never>),
  });
  renderApp(<ChildPhotosPage />, {
    route: '/mis-educandos/7/fotos',
    path: '/mis-educandos/:childId/fotos',
  });
  return calls;
}

describe('ChildPhotosPage', () => {
  it('shows the photos with a blur button each; pressing it reads as done', async () => {
    const user = userEvent.setup();
    let blurred = false;
    const calls = setup({
      'GET /profile/children/7/photos': () => [
        200,
        [photo(11, blurred), photo(12, true)],
        { 'X-Total-Count': '2' },
      ],
      'POST /profile/children/7/photos/11/blur': () => {
        blurred = true;
        return [
          200,
          {
            message:
              'Hecho: su cara se difumina en esta foto para todos, y los scouters ya lo saben.',
            blur_requested: true,
          },
        ];
      },
    });
    expect(await screen.findByRole('heading', { name: 'Fotos de Irene Gómez' })).toBeVisible();
    const cards = await screen.findAllByTestId('child-photo');
    expect(cards).toHaveLength(2);
    expect(within(cards[1] as HTMLElement).getByText(/Difuminado en esta foto/)).toBeVisible();
    await user.click(
      screen.getByRole('button', { name: 'Difuminar a mi hijo/a en esta foto (foto 1)' }),
    );
    expect(
      await screen.findByText(
        'Hecho: su cara se difumina en esta foto para todos, y los scouters ya lo saben.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(screen.getAllByText(/Difuminado en esta foto/)).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /Difuminar a mi hijo/ })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/profile/children/7/photos/11/blur',
    ]);
  });

  it("'Dejar de difuminar' takes the request back; the photo offers the blur again", async () => {
    const user = userEvent.setup();
    let blurred = true;
    const calls = setup({
      'GET /profile/children/7/photos': () => [200, [photo(11, blurred)], { 'X-Total-Count': '1' }],
      'DELETE /profile/children/7/photos/11/blur': () => {
        blurred = false;
        return [
          200,
          {
            message:
              'Hecho: su cara ya no se difumina a petición de la familia. Se verá en esta foto solo donde su consentimiento de imagen lo permita.',
            blur_requested: false,
          },
        ];
      },
    });
    expect(await screen.findByText(/Difuminado en esta foto/)).toBeVisible();
    await user.click(
      screen.getByRole('button', { name: 'Dejar de difuminar a mi hijo/a en esta foto (foto 1)' }),
    );
    expect(
      await screen.findByText(
        'Hecho: su cara ya no se difumina a petición de la familia. Se verá en esta foto solo donde su consentimiento de imagen lo permita.',
      ),
    ).toBeVisible();
    expect(
      await screen.findByRole('button', { name: 'Difuminar a mi hijo/a en esta foto (foto 1)' }),
    ).toBeVisible();
    expect(screen.queryByText(/Difuminado en esta foto/)).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/profile/children/7/photos/11/blur',
    ]);
  });

  it('says when there are none yet', async () => {
    setup({ 'GET /profile/children/7/photos': [200, [], { 'X-Total-Count': '0' }] });
    expect(
      await screen.findByText('Todavía no hay fotos en las que se haya señalado a tu educando.'),
    ).toBeVisible();
  });

  it("another family's child reads as not theirs", async () => {
    setup({ 'GET /profile/children/7/photos': [404, { message: 'Educando no encontrado.' }] });
    expect(
      await screen.findByText('No encontramos a este educando entre los tuyos.'),
    ).toBeVisible();
  });
});
