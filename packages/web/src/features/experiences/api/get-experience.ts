import { CLIENT_ERRORS, type Experience } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { pageData } from '../../../lib/page-data';
import { experiencesQueryKey } from './get-experiences';

export const experienceQueryKey = (id: number) => [...experiencesQueryKey, 'item', id] as const;

/** GET /experiences/{id}; a 404 carries 'Experiencia no encontrada'. */
export const getExperience = (id: number) =>
  request(() => api.get<Experience>(`/experiences/${id}`), CLIENT_ERRORS.experienceGet(id));

export const useExperience = (id: number) =>
  useQuery({
    queryKey: experienceQueryKey(id),
    queryFn: () => getExperience(id),
    initialData: () => pageData<Experience>(`/experiences/${id}`),
  });
