import { CLIENT_ERRORS, type Photo } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';

/** PUT /photos/{id}: the photo's caption (null or blank removes it). */
export const updatePhotoCaption = (id: number, description: string | null) =>
  request(() => api.put<Photo>(`/photos/${id}`, { description }), CLIENT_ERRORS.photoCaption(id));

export const useUpdatePhotoCaption = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (description: string | null) => updatePhotoCaption(id, description),
    // The photo and every album list that holds it (all under 'photos').
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['photos'] }),
  });
};
