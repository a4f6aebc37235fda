import { type AlbumMutationResult, CLIENT_ERRORS } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { albumsQueryKey } from './get-albums';

export interface NewAlbum {
  title: string;
  description?: string;
  cover: File;
  /** false: a draft only managers see (decision 018). */
  publish: boolean;
  /** The audience's sections; empty: the whole group. */
  sections: number[];
}

/** POST /albums/newAlbum, multipart: title, description, cover, publish, sections. */
export const createAlbum = ({ title, description, cover, publish, sections }: NewAlbum) => {
  const form = new FormData();
  form.append('title', title);
  form.append('description', description ?? '');
  form.append('publish', String(publish));
  form.append('sections', sections.join(','));
  form.append('cover', cover);
  return request(
    () => api.post<AlbumMutationResult>('/albums/newAlbum', form),
    CLIENT_ERRORS.albumCreate,
  );
};

export const useCreateAlbum = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAlbum,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: albumsQueryKey }),
  });
};
