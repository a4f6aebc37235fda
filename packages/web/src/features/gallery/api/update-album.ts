import { type AlbumMutationResult, CLIENT_ERRORS } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { albumsQueryKey } from './get-albums';

export interface AlbumChanges {
  id: number;
  title: string;
  description?: string;
  /** Only when the cover is replaced. */
  cover?: File | null;
  /** Only when the audience changes; empty: the whole group. */
  sections?: number[];
}

/** PUT /albums/{id}, multipart: title, description, optional cover and sections. */
export const updateAlbum = ({ id, title, description, cover, sections }: AlbumChanges) => {
  const form = new FormData();
  form.append('title', title);
  form.append('description', description ?? '');
  if (cover) form.append('cover', cover);
  if (sections) form.append('sections', sections.join(','));
  return request(
    () => api.put<AlbumMutationResult>(`/albums/${id}`, form),
    CLIENT_ERRORS.albumUpdate(id),
  ).catch((error: unknown) => {
    // The server's validation details are only logged: the user reads the one message.
    const details = (error as { fieldErrors?: unknown[] }).fieldErrors;
    if (details?.length) console.warn('Validación del álbum:', details);
    throw error;
  });
};

export const useUpdateAlbum = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlbum,
    // The list and the album's own page.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: albumsQueryKey }),
  });
};
