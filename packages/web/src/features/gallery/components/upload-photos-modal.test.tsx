import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { fileOf, photoData } from '../test/data';
import { UploadPhotosModal } from './upload-photos-modal';

// The real library needs a canvas; here it reports progress and halves each file.
const compression = vi.hoisted(() => ({
  fn: vi.fn(async (file: File, options: { onProgress?: (p: number) => void }) => {
    options.onProgress?.(50);
    options.onProgress?.(100);
    return new File([new Uint8Array(Math.ceil(file.size / 2))], file.name, { type: file.type });
  }),
}));
vi.mock('browser-image-compression', () => ({ default: compression.fn }));

function setup(routes: Parameters<typeof stubApi>[0] = {}) {
  signIn({ role: 'scouter' });
  const calls = stubApi(routes);
  const onClose = vi.fn();
  const rendered = renderApp(<UploadPhotosModal show albumId={4} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Subir Fotos' });
  const input = within(dialog).getByLabelText('Fotos') as HTMLInputElement;
  const choose = (files: File[]) => fireEvent.change(input, { target: { files } });
  return { calls, onClose, dialog, input, choose, ...rendered };
}

const images = (n: number) =>
  Array.from({ length: n }, (_, i) => fileOf(`foto-${i + 1}.jpg`, 'image/jpeg', 2000));

describe('UploadPhotosModal', () => {
  beforeEach(() => {
    compression.fn.mockClear();
  });

  it('takes images only, several at once', () => {
    const { input } = setup();
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('multiple');
  });

  it('refuses 11 files at once', () => {
    const { choose, dialog } = setup();
    choose(images(11));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Error: No puedes seleccionar más de 10 archivos a la vez.',
    );
    expect(within(dialog).queryByText(/seleccionadas/)).not.toBeInTheDocument();
  });

  it('accepts exactly 10', () => {
    const { choose, dialog } = setup();
    choose(images(10));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByText('10 imágenes seleccionadas')).toBeInTheDocument();
  });

  it('ignores files that are not images, and says how many', () => {
    const { choose, dialog } = setup();
    choose([
      fileOf('a.jpg', 'image/jpeg'),
      fileOf('notas.pdf', 'application/pdf'),
      fileOf('b.png', 'image/png'),
      fileOf('lista.txt', 'text/plain'),
    ]);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Error: Por favor, selecciona solo archivos de imagen. Se ignoraron 2 archivos que no son imágenes.',
    );
    expect(within(dialog).getByText('2 imágenes seleccionadas')).toBeInTheDocument();
    expect(within(dialog).getByText(/a\.jpg/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/notas\.pdf/)).not.toBeInTheDocument();
  });

  it('one non-image alone', () => {
    const { choose, dialog } = setup();
    choose([fileOf('notas.pdf', 'application/pdf')]);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Error: Por favor, selecciona solo archivos de imagen. Se ignoró 1 archivo que no es una imagen.',
    );
  });

  it('says when nothing was selected', () => {
    const { choose, dialog } = setup();
    choose([]);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Error: No se seleccionó ningún archivo.',
    );
  });

  it('refuses to send zero files', async () => {
    const { dialog, user, calls } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Subir' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Error: No hay archivos seleccionados o procesados.',
    );
    expect(calls).toHaveLength(0);
  });

  it('compresses with the limits and a same-origin worker, uploads, and closes after 2 s', async () => {
    let answer: (reply: [number, unknown]) => void = () => {};
    const { dialog, choose, user, calls, onClose } = setup({
      'POST /photos/upload': () =>
        new Promise((res) => {
          answer = res;
        }),
    });
    choose(images(3));
    await user.click(within(dialog).getByRole('button', { name: 'Subir' }));
    // Controls locked while it works.
    expect(await within(dialog).findByRole('button', { name: 'Subiendo...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    expect(within(dialog).getByLabelText('Fotos')).toBeDisabled();
    expect(compression.fn).toHaveBeenCalledTimes(3);
    const options = compression.fn.mock.calls[0]![1] as Record<string, unknown>;
    expect(options).toMatchObject({ maxSizeMB: 1.5, maxWidthOrHeight: 1920, useWebWorker: true });
    const libURL = new URL(options.libURL as string);
    expect(libURL.origin).toBe(window.location.origin);
    expect(libURL.pathname).toMatch(/browser-image-compression\.js$/);

    const post = calls.find((c) => c.url === '/photos/upload')!;
    const form = post.data as FormData;
    expect(form.get('albumId')).toBe('4');
    const sent = form.getAll('images') as File[];
    expect(sent.map((f) => f.name)).toEqual(['foto-1.jpg', 'foto-2.jpg', 'foto-3.jpg']);
    expect(sent.every((f) => f.size === 1000)).toBe(true);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () =>
      answer([
        201,
        {
          message: 'Se subieron 3 fotos.',
          uploaded: [photoData(1), photoData(2), photoData(3)],
          failures: [],
        },
      ]),
    );
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Se subieron 3 fotos.');
    act(() => vi.advanceTimersByTime(1900));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the compression percent', async () => {
    let release: () => void = () => {};
    compression.fn.mockImplementationOnce(async (file, options) => {
      options.onProgress?.(40);
      await new Promise<void>((res) => {
        release = res;
      });
      return file;
    });
    const { dialog, choose, user } = setup({
      'POST /photos/upload': [
        201,
        { message: 'Se subió 1 foto.', uploaded: [photoData(1)], failures: [] },
      ],
    });
    choose(images(1));
    await user.click(within(dialog).getByRole('button', { name: 'Subir' }));
    const bar = await within(dialog).findByRole('progressbar', {
      name: 'Comprimiendo imágenes...',
    });
    expect(bar).toHaveTextContent('40%');
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    await act(async () => release());
    expect(await within(dialog).findByText('Se subió 1 foto.')).toBeInTheDocument();
  });

  it('sends a caption per file, in order, as JSON; none when none is written', async () => {
    const { dialog, choose, user, calls } = setup({
      'POST /photos/upload': [
        201,
        { message: 'Se subieron 3 fotos.', uploaded: [photoData(1)], failures: [] },
      ],
    });
    choose(images(3));
    expect(
      within(dialog).getByText(/no escribas nombres completos de niños y niñas/),
    ).toBeInTheDocument();
    const third = within(dialog).getByLabelText('Pie de foto de foto-3.jpg (opcional)');
    expect(third).toHaveAttribute('maxlength', '500');
    await user.type(
      within(dialog).getByLabelText('Pie de foto de foto-1.jpg (opcional)'),
      ' Fuego ',
    );
    await user.type(third, 'Lago');
    await user.click(within(dialog).getByRole('button', { name: 'Subir' }));
    expect(await within(dialog).findByText('Se subieron 3 fotos.')).toBeInTheDocument();
    const form = calls.find((c) => c.url === '/photos/upload')!.data as FormData;
    expect(JSON.parse(form.get('captions') as string)).toEqual(['Fuego', null, 'Lago']);

    choose(images(1));
    await user.click(within(dialog).getByRole('button', { name: 'Subir' }));
    await within(dialog).findByText('Se subieron 3 fotos.');
    const posts = calls.filter((c) => c.url === '/photos/upload');
    expect(posts).toHaveLength(2);
    expect((posts[1]!.data as FormData).get('captions')).toBeNull();
  });

  it('sends the original when one file cannot be compressed, and says so', async () => {
    compression.fn.mockImplementationOnce(async () => {
      throw new Error('canvas');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { dialog, choose, user, calls } = setup({
      'POST /photos/upload': [
        201,
        { message: 'Se subieron 2 fotos.', uploaded: [photoData(1), photoData(2)], failures: [] },
      ],
    });
    choose(images(2));
    await user.click(within(dialog).getByRole('button', { name: 'Subir' }));
    expect(
      await within(dialog).findByText('Error al comprimir foto-1.jpg. Se usará el original.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));
    const sent = (calls[0]!.data as FormData).getAll('images') as File[];
    expect(sent.map((f) => f.size)).toEqual([2000, 1000]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("lists the server's per-file failures and stays open", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { dialog, choose, user, onClose } = setup({
      'POST /photos/upload': [
        201,
        {
          message: 'Se subieron 1 de 2 fotos.',
          uploaded: [photoData(1)],
          failures: [
            {
              file: 'foto-2.jpg',
              error: 'No se pudo procesar la imagen. Comprueba que el archivo no esté dañado.',
            },
          ],
        },
      ],
    });
    choose(images(2));
    await user.click(within(dialog).getByRole('button', { name: 'Subir' }));
    const status = await within(dialog).findByRole('status');
    expect(status).toHaveTextContent('Se subieron 1 de 2 fotos.');
    expect(status).toHaveTextContent(
      'foto-2.jpg: No se pudo procesar la imagen. Comprueba que el archivo no esté dañado.',
    );
    act(() => vi.advanceTimersByTime(5000));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a 400 with no photo landed shows the message and every reason', async () => {
    const { dialog, choose, user } = setup({
      'POST /photos/upload': [
        400,
        {
          message: 'No se pudo subir ninguna foto.',
          uploaded: [],
          failures: [
            {
              file: 'foto-1.jpg',
              error: 'Formato de archivo no soportado (permitidos: jpg, jpeg, gif, png, webp)',
            },
          ],
        },
      ],
    });
    choose(images(1));
    await user.click(within(dialog).getByRole('button', { name: 'Subir' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo subir ninguna foto.');
    expect(alert).toHaveTextContent('foto-1.jpg: Formato de archivo no soportado');
    expect(within(dialog).getByRole('button', { name: 'Subir' })).toBeEnabled();
  });

  it("a failed request shows 'Error al subir las fotos.' without a server message", async () => {
    const { dialog, choose, user } = setup({ 'POST /photos/upload': [502, 'Bad gateway'] });
    choose(images(1));
    await user.click(within(dialog).getByRole('button', { name: 'Subir' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error al subir las fotos.');
  });
});
