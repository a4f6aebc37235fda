import { CLIENT_ERRORS, type Experience } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { pageData } from '../../../lib/page-data';

/** Every experience query lives under this key, so a change refreshes the list and the details. */
export const experiencesQueryKey = ['experiences'] as const;
export const experiencesListQueryKey = [...experiencesQueryKey, 'list'] as const;

/** GET /experiences: every experience, newest first (the category filter is on the client). */
export const getExperiences = () =>
  request(() => api.get<Experience[]>('/experiences'), CLIENT_ERRORS.experiencesList);

export const useExperiences = () =>
  useQuery({
    queryKey: experiencesListQueryKey,
    queryFn: getExperiences,
    initialData: () => pageData<Experience[]>('/experiences'),
  });
