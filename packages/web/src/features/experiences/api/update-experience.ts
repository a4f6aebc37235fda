import {
  CLIENT_ERRORS,
  type ExperienceFormInput,
  type ExperienceMutationResult,
} from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { experiencesQueryKey } from './get-experiences';

export interface ExperienceChanges extends ExperienceFormInput {
  id: number;
  /** Only when the image is replaced. */
  image?: File | null;
}

/** PUT /experiences/{id}, multipart: title, description, category, optional image. */
export const updateExperience = ({
  id,
  title,
  description,
  category,
  image,
}: ExperienceChanges) => {
  const form = new FormData();
  form.append('title', title);
  form.append('description', description);
  form.append('category', category);
  if (image) form.append('image', image);
  return request(
    () => api.put<ExperienceMutationResult>(`/experiences/${id}`, form),
    CLIENT_ERRORS.experienceUpdate(id),
  );
};

export const useUpdateExperience = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExperience,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: experiencesQueryKey }),
  });
};
