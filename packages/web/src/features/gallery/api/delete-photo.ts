import { CLIENT_ERRORS } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { albumPhotosQueryKey } from './get-album-photos';
import { albumsQueryKey } from './get-albums';

/** DELETE /photos/{id}. */
export const deletePhoto = (id: number) =>
  request(() => api.delete<{ message: string }>(`/photos/${id}`), CLIENT_ERRORS.photoDelete(id));

export const useDeletePhoto = (albumId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: albumPhotosQueryKey(albumId) }),
        // The album's counts change too.
        queryClient.invalidateQueries({ queryKey: albumsQueryKey }),
      ]),
  });
};
