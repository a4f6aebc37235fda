import { CLIENT_ERRORS } from '@fogata/shared';
import { useMutation } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';

/** POST /albums/{id}/download-link: a one-minute link the browser can open without a token. */
export const getDownloadLink = (id: number) =>
  request(
    () => api.post<{ url: string }>(`/albums/${id}/download-link`),
    CLIENT_ERRORS.albumDownload(id),
  );

/**
 * Starts the album's ZIP download in the browser itself (its own progress bar and file; nothing
 * is held in the page), through a link that needs no Authorization header.
 */
export async function downloadAlbum(id: number): Promise<void> {
  const { url } = await getDownloadLink(id);
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export const useDownloadAlbum = () => useMutation({ mutationFn: downloadAlbum });
