import { CLIENT_ERRORS } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { experiencesListQueryKey, experiencesQueryKey } from './get-experiences';

/** DELETE /experiences/{id}: the experience, its likes, comments and image files. */
export const deleteExperience = (id: number) =>
  request(
    () => api.delete<{ message: string }>(`/experiences/${id}`),
    CLIENT_ERRORS.experienceDelete(id),
  );

export const useDeleteExperience = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExperience,
    // The list reloads now; the deleted item's page is not asked for again while it is left.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: experiencesListQueryKey }),
        queryClient.invalidateQueries({ queryKey: experiencesQueryKey, refetchType: 'none' }),
      ]),
  });
};
