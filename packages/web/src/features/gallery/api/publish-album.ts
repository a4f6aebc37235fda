import { type AlbumMutationResult, CLIENT_ERRORS } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { albumsQueryKey } from './get-albums';

/** POST /albums/{id}/publish or /unpublish: a draft becomes visible to members, or back. */
export const setAlbumPublished = ({ id, published }: { id: number; published: boolean }) =>
  request(
    () => api.post<AlbumMutationResult>(`/albums/${id}/${published ? 'publish' : 'unpublish'}`),
    published ? CLIENT_ERRORS.albumPublish(id) : CLIENT_ERRORS.albumUnpublish(id),
  );

export const useSetAlbumPublished = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAlbumPublished,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: albumsQueryKey }),
  });
};
