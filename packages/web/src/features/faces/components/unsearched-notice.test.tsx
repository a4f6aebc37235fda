import type { FaceReviewImage } from '@fogata/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RequestConfig } from '../../../lib/api-client';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { AlbumFacesPage } from '../pages/face-review-page';

const photo = (id: number, searched: boolean): FaceReviewImage => ({
  kind: 'photo',
  id,
  image_url: `/media/p/photo/${id}.webp?exp=1&sig=a`,
  thumb_url: `/media/p/photo/${id}-t.webp?exp=1&sig=a`,
  width: 800,
  height: 600,
  faces: [],
  searched,
});

describe('an image the detector could not search, in Revisar caras', () => {
  it('says families see it blurred whole; «Ya la he revisado» tells the server and the notice goes', async () => {
    signIn({ role: 'scouter' });
    const posted: unknown[] = [];
    stubApi({
      'GET /albums/1': [200, { id: 1, title: 'Campamento', faces_to_review: 0 }],
      'GET /albums/1/faces': [200, [photo(11, false), photo(12, true)], { 'X-Total-Count': '2' }],
      'GET /albums/1/faces/children': [200, []],
      'POST /faces/searched': (config: RequestConfig) => {
        posted.push(JSON.parse(String(config.data)));
        return [200, { message: 'Imagen revisada: ya no se difumina entera.' }];
      },
    });
    renderApp(<AlbumFacesPage />, { route: '/album/1/caras', path: '/album/:albumId/caras' });
    const first = await screen.findByRole('article', { name: 'Foto 1 de 2' });
    const second = screen.getByRole('article', { name: 'Foto 2 de 2' });
    expect(
      within(first).getByText(
        'No se pudieron buscar caras en esta imagen, así que las familias la ven difuminada entera. Dibuja las caras que tenga y pulsa «Ya la he revisado».',
      ),
    ).toBeInTheDocument();
    expect(
      within(first).queryByText('No se ha encontrado ninguna cara en esta imagen.'),
    ).toBeNull();
    // A searched image without faces says so, with no button.
    expect(
      within(second).getByText('No se ha encontrado ninguna cara en esta imagen.'),
    ).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Ya la he revisado' })).toBeNull();

    await userEvent.click(within(first).getByRole('button', { name: 'Ya la he revisado' }));
    expect(posted).toEqual([{ image: { kind: 'photo', id: 11 } }]);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Imagen revisada: ya no se difumina entera.',
    );
    expect(within(first).queryByRole('button', { name: 'Ya la he revisado' })).toBeNull();
    expect(
      within(first).getByText('No se ha encontrado ninguna cara en esta imagen.'),
    ).toBeInTheDocument();
  });
});
