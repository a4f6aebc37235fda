import { CLIENT_ERRORS, type SectionRef } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';

export const audienceChoicesQueryKey = ['albums', 'audience-choices'] as const;

/** GET /albums/audience-choices: the sections the signed-in manager may give an album. */
export const getAudienceChoices = () =>
  request(
    () => api.get<SectionRef[]>('/albums/audience-choices'),
    CLIENT_ERRORS.albumAudienceChoices,
  );

export const useAudienceChoices = () =>
  useQuery({ queryKey: audienceChoicesQueryKey, queryFn: getAudienceChoices });
