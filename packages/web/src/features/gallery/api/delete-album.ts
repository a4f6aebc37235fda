import { CLIENT_ERRORS } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { albumsQueryKey } from './get-albums';

/** DELETE /albums/{id}: the album, its photos and their files. */
export const deleteAlbum = (id: number) =>
  request(() => api.delete<{ message: string }>(`/albums/${id}`), CLIENT_ERRORS.albumDelete(id));

export const useDeleteAlbum = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlbum,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: albumsQueryKey }),
  });
};
