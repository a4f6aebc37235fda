import {
  CLIENT_ERRORS,
  type ExperienceFormInput,
  type ExperienceMutationResult,
} from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { experiencesQueryKey } from './get-experiences';

export interface NewExperience extends ExperienceFormInput {
  image: File;
}

/** POST /experiences, multipart: title, description, category, image. */
export const createExperience = ({ title, description, category, image }: NewExperience) => {
  const form = new FormData();
  form.append('title', title);
  form.append('description', description);
  form.append('category', category);
  form.append('image', image);
  return request(
    () => api.post<ExperienceMutationResult>('/experiences', form),
    CLIENT_ERRORS.experienceCreate,
  );
};

export const useCreateExperience = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExperience,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: experiencesQueryKey }),
  });
};
