import type { FaceReviewImage, ReviewFace } from '@fogata/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RequestConfig } from '../../../lib/api-client';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { matchChildren } from '../components/child-picker';
import { boxBetween, keyedBox, middleBox } from '../components/face-image';
import { AlbumFacesPage, nextFace } from './face-review-page';

const face = (id: number, over: Partial<ReviewFace> = {}): ReviewFace => ({
  id,
  x: 0.1,
  y: 0.1,
  width: 0.2,
  height: 0.2,
  score: 0.9,
  source: 'detector',
  status: 'pending',
  child: null,
  changeable: true,
  blur_requested: false,
  ...over,
});

const image = (kind: 'album' | 'photo', id: number, faces: ReviewFace[]): FaceReviewImage => ({
  kind,
  id,
  image_url: `/media/p/${kind}/${id}.webp?exp=1&sig=a`,
  thumb_url: `/media/p/${kind}/${id}-t.webp?exp=1&sig=a`,
  width: 800,
  height: 600,
  faces,
  searched: true,
});

const children = [
  { id: 7, full_name: 'Ana Núñez', section: 'Lobatos' },
  { id: 8, full_name: 'Bruno Sáez', section: 'Lobatos' },
  { id: 9, full_name: 'Carla Ortiz', section: 'Tropa' },
];

function setup(role: 'usuario' | 'scouter' = 'scouter', images?: FaceReviewImage[]) {
  signIn({ role });
  const patches: { url: string; body: unknown }[] = [];
  const list = images ?? [
    image('album', 1, [face(101)]),
    image('photo', 11, [face(111), face(112, { status: 'adult' })]),
    image('photo', 12, [face(121)]),
  ];
  const calls = stubApi({
    'GET /albums/1': [200, { id: 1, title: 'Campamento de Semana Santa', faces_to_review: 3 }],
    'GET /albums/1/faces': [200, list, { 'X-Total-Count': String(list.length) }],
    'GET /albums/1/faces/children': [200, children],
    'PATCH /faces/111': (config: RequestConfig) => {
      const body = JSON.parse(String(config.data));
      patches.push({ url: config.url, body });
      const child = children.find((c) => c.id === body.child_id);
      return [
        200,
        face(111, {
          status: body.status,
          child: child ? { id: child.id, full_name: child.full_name } : null,
        }),
      ];
    },
    'PATCH /faces/121': (config: RequestConfig) => {
      const body = JSON.parse(String(config.data));
      patches.push({ url: config.url, body });
      return [200, face(121, { status: body.status })];
    },
    'POST /faces': (config: RequestConfig) => {
      patches.push({ url: config.url, body: JSON.parse(String(config.data)) });
      return [201, face(130, { source: 'manual', score: null })];
    },
  });
  renderApp(<AlbumFacesPage />, { route: '/album/1/caras', path: '/album/:albumId/caras' });
  return { calls, patches };
}

describe('nextFace', () => {
  const faces = [face(1, { status: 'adult' }), face(2), face(3, { status: 'child' }), face(4)];
  it('goes to the next face still to review, wrapping around, else the next one', () => {
    expect(nextFace(faces, 1)?.id).toBe(2);
    expect(nextFace(faces, 2)?.id).toBe(4);
    expect(nextFace(faces, 4)?.id).toBe(2);
    const done = faces.map((f) => ({ ...f, status: 'adult' as const }));
    expect(nextFace(done, 2)?.id).toBe(3);
    expect(nextFace(done, 4)).toBeUndefined();
  });
});

describe('matchChildren and boxBetween', () => {
  it('finds children by any words of their name or section, without accents', () => {
    expect(matchChildren(children, 'nunez').map((c) => c.id)).toEqual([7]);
    expect(matchChildren(children, 'lob sa').map((c) => c.id)).toEqual([8]);
    expect(matchChildren(children, 'TROPA').map((c) => c.id)).toEqual([9]);
    expect(matchChildren(children, '  ')).toHaveLength(3);
  });
  it('makes a box whichever way the drag went, held within the image', () => {
    expect(boxBetween({ x: 0.5, y: 0.6 }, { x: 0.2, y: 0.1 })).toEqual({
      x: 0.2,
      y: 0.1,
      width: 0.3,
      height: 0.5,
    });
    const edge = boxBetween({ x: 0.9, y: 0.9 }, { x: 1.4, y: 1.2 });
    expect(edge.x + edge.width).toBe(1);
    expect(edge.y + edge.height).toBe(1);
  });
});

describe('middleBox and keyedBox', () => {
  it('starts as a square in the middle, whatever the shape of the image', () => {
    expect(middleBox(800, 600)).toEqual({ x: 0.425, y: 0.4, width: 0.15, height: 0.2 });
    expect(middleBox(600, 800)).toEqual({ x: 0.4, y: 0.425, width: 0.2, height: 0.15 });
  });
  it('moves and resizes within the image, never below the smallest box', () => {
    const box = { x: 0.97, y: 0, width: 0.02, height: 0.5 };
    expect(keyedBox(box, 'ArrowRight', false)).toEqual({ ...box, x: 0.98 });
    expect(keyedBox(box, 'ArrowUp', false)).toEqual(box);
    expect(keyedBox(box, 'ArrowRight', true)).toEqual({ ...box, width: 0.03 });
    expect(keyedBox(box, 'ArrowLeft', true)).toEqual({ ...box, width: 0.01 });
    expect(keyedBox({ ...box, width: 0.01 }, 'ArrowLeft', true)?.width).toBe(0.01);
    expect(keyedBox(box, 'ArrowDown', true)).toEqual({ ...box, height: 0.52 });
    expect(keyedBox(box, 'a', false)).toBeNull();
  });
});

describe('AlbumFacesPage', () => {
  it("shows another section's child only as such, and offers nothing to change on it", async () => {
    const { patches } = setup('scouter', [
      image('photo', 11, [face(111, { status: 'child', child: null, changeable: false })]),
    ]);
    const chip = await screen.findByRole('button', { name: '1 Educando de otra sección' });
    await userEvent.click(chip);
    expect(
      screen.getByText(
        'Esta cara es de un educando de otra sección: solo puede cambiarla quien gestiona esa sección.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Adulto/ })).not.toBeInTheDocument();
    fireEvent.keyDown(chip, { key: 'a' });
    expect(patches).toEqual([]);
  });

  it('shows the cover and the photos with a chip per face, and how many are left', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Revisar caras' })).toBeInTheDocument();
    expect(await screen.findByText('Campamento de Semana Santa')).toBeInTheDocument();
    expect(screen.getByText('Quedan 3 caras por revisar.')).toBeInTheDocument();
    const cover = screen.getByRole('article', { name: 'Portada del álbum' });
    expect(within(cover).getByRole('button', { name: '1 Por revisar' })).toBeInTheDocument();
    const first = screen.getByRole('article', { name: 'Foto 1 de 2' });
    expect(within(first).getByRole('button', { name: '2 Adulto' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Volver al álbum' })).toHaveAttribute(
      'href',
      '/album/1',
    );
  });

  it('keeps every letter typed before the search has the focus, in order', async () => {
    setup();
    await screen.findByRole('article', { name: 'Foto 1 de 2' });
    const chip = within(screen.getByRole('article', { name: 'Foto 1 de 2' })).getByRole('button', {
      name: '1 Por revisar',
    });
    chip.focus();
    // Three keys on the chip before the search can open: a fast typist, or a busy phone.
    for (const key of ['b', 'r', 'u']) fireEvent.keyDown(chip, { key });
    const search = await screen.findByRole('combobox', { name: 'Educando' });
    await waitFor(() => expect(search).toHaveFocus());
    expect(search).toHaveValue('bru');
  });

  it('assigns a child with the keyboard: a letter opens the search, Enter assigns, the next face gets the focus', async () => {
    const user = userEvent.setup();
    const { patches } = setup();
    await screen.findByRole('article', { name: 'Foto 1 de 2' });
    const photoChip = within(screen.getByRole('article', { name: 'Foto 1 de 2' })).getByRole(
      'button',
      { name: '1 Por revisar' },
    );
    photoChip.focus();
    await user.keyboard('b');
    const search = await screen.findByRole('combobox', { name: 'Educando' });
    await waitFor(() => expect(search).toHaveFocus());
    expect(search).toHaveValue('b');
    await user.keyboard('ru');
    expect(screen.getByRole('option', { name: /Bruno Sáez/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ url: '/faces/111', body: { status: 'child', child_id: 8 } });
    // The chip says who it is now; the next face to review (on the next photo) has the focus.
    expect(await screen.findByRole('button', { name: '1 Bruno Sáez' })).toBeInTheDocument();
    const next = within(screen.getByRole('article', { name: 'Foto 2 de 2' })).getByRole('button', {
      name: '1 Por revisar',
    });
    await waitFor(() => expect(next).toHaveFocus());
    // N on it: 'No es una cara'.
    await user.keyboard('n');
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toEqual({ url: '/faces/121', body: { status: 'not_face', child_id: null } });
  });

  it('A marks an adult', async () => {
    const user = userEvent.setup();
    const { patches } = setup();
    const photoChip = within(await screen.findByRole('article', { name: 'Foto 1 de 2' })).getByRole(
      'button',
      { name: '1 Por revisar' },
    );
    photoChip.focus();
    await user.keyboard('a');
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]?.body).toEqual({ status: 'adult', child_id: null });
  });

  it('draws a box with a pointer drag', async () => {
    const { patches } = setup('scouter', [image('photo', 11, [])]);
    const article = await screen.findByRole('article', { name: 'Foto 1 de 1' });
    expect(
      within(article).getByText('No se ha encontrado ninguna cara en esta imagen.'),
    ).toBeInTheDocument();
    await userEvent.click(within(article).getByRole('button', { name: 'Dibujar una cara' }));
    const surface = screen.getByTestId('face-draw-surface');
    surface.getBoundingClientRect = () =>
      ({
        left: 0,
        top: 0,
        width: 800,
        height: 600,
        right: 800,
        bottom: 600,
        x: 0,
        y: 0,
      }) as DOMRect;
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.pointerDown(surface, { clientX: 80, clientY: 60, pointerId: 1 });
    fireEvent.pointerMove(surface, { clientX: 240, clientY: 240, pointerId: 1 });
    fireEvent.pointerUp(surface, { clientX: 240, clientY: 240, pointerId: 1 });
    await waitFor(() => expect(patches).toHaveLength(1));
    const body = patches[0]?.body as { image: object; box: Record<string, number> };
    expect(body.image).toEqual({ kind: 'photo', id: 11 });
    expect(body.box.x).toBeCloseTo(0.1);
    expect(body.box.y).toBeCloseTo(0.1);
    expect(body.box.width).toBeCloseTo(0.2);
    expect(body.box.height).toBeCloseTo(0.3);
    expect(await screen.findByRole('button', { name: '1 Por revisar' })).toBeInTheDocument();
  });

  it('draws a box with the keyboard alone: arrows move it, Shift + arrows resize it, Enter saves it', async () => {
    const user = userEvent.setup();
    const { patches } = setup('scouter', [image('photo', 11, [])]);
    const article = await screen.findByRole('article', { name: 'Foto 1 de 1' });
    within(article).getByRole('button', { name: 'Dibujar una cara' }).focus();
    await user.keyboard('{Enter}');
    // The box starts in the middle of the 800×600 photo, a square of 120 px, with the focus.
    const box = await screen.findByRole('application', { name: 'Recuadro de la nueva cara' });
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveAccessibleDescription(
      'Flechas: mover. Mayús + flechas: derecha y abajo lo agrandan, izquierda y arriba lo encogen. Intro: guardar. Esc: cancelar. A 43 % del borde izquierdo y 40 % del borde de arriba; 15 % de ancho y 20 % de alto.',
    );
    // Right ×3, Up ×2: moved; Shift + Right ×2, Shift + Down: grown.
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowUp}{ArrowUp}');
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{ArrowDown}{/Shift}');
    expect(
      screen.getByText(
        'A 49 % del borde izquierdo y 36 % del borde de arriba; 19 % de ancho y 22 % de alto.',
      ),
    ).toBeInTheDocument();
    expect(patches).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      url: '/faces',
      body: {
        image: { kind: 'photo', id: 11 },
        box: { x: 0.485, y: 0.36, width: 0.19, height: 0.22 },
      },
    });
    // The new face is a chip like any other, with the focus; the box is gone.
    const chip = await screen.findByRole('button', { name: '1 Por revisar' });
    await waitFor(() => expect(chip).toHaveFocus());
    expect(screen.queryByRole('application')).toBeNull();
  });

  it('Escape on the keyboard box cancels: nothing saved, the focus back on Dibujar una cara', async () => {
    const user = userEvent.setup();
    const { patches } = setup('scouter', [image('photo', 11, [])]);
    const article = await screen.findByRole('article', { name: 'Foto 1 de 1' });
    await user.click(within(article).getByRole('button', { name: 'Dibujar una cara' }));
    const box = await screen.findByRole('application', { name: 'Recuadro de la nueva cara' });
    await waitFor(() => expect(box).toHaveFocus());
    await user.keyboard('{ArrowLeft}{Escape}');
    expect(screen.queryByRole('application')).toBeNull();
    await waitFor(() =>
      expect(within(article).getByRole('button', { name: 'Dibujar una cara' })).toHaveFocus(),
    );
    expect(patches).toHaveLength(0);
  });

  it("a manager takes a family's blur request off a face: 'Dejar de difuminar'", async () => {
    const user = userEvent.setup();
    signIn({ role: 'scouter' });
    const deletes: string[] = [];
    stubApi({
      'GET /albums/1': [200, { id: 1, title: 'Campamento', faces_to_review: 0 }],
      'GET /albums/1/faces': [
        200,
        [
          image('photo', 11, [
            face(111, {
              status: 'child',
              child: { id: 7, full_name: 'Ana Núñez' },
              blur_requested: true,
            }),
          ]),
        ],
        { 'X-Total-Count': '1' },
      ],
      'GET /albums/1/faces/children': [200, children],
      'DELETE /faces/111/blur': (config: RequestConfig) => {
        deletes.push(config.url);
        return [
          200,
          face(111, {
            status: 'child',
            child: { id: 7, full_name: 'Ana Núñez' },
            blur_requested: false,
          }),
        ];
      },
    });
    renderApp(<AlbumFacesPage />, { route: '/album/1/caras', path: '/album/:albumId/caras' });
    await user.click(await screen.findByRole('button', { name: '1 Ana Núñez' }));
    expect(screen.getByText('La familia pidió difuminarla')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dejar de difuminar' }));
    await waitFor(() => expect(deletes).toEqual(['/faces/111/blur']));
    await waitFor(() => expect(screen.queryByText('La familia pidió difuminarla')).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent(
      'Ya no se difumina por petición de la familia: se verá donde su consentimiento lo permita.',
    );
  });

  it('is not there for a member', async () => {
    const { calls } = setup('usuario');
    expect(
      await screen.findByRole('heading', { name: 'No se encontró la imagen.' }),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
