import { CLIENT_ERRORS, type Monitor } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { pageData } from '../../../lib/page-data';

export const monitorsQueryKey = ['monitors'] as const;

/** GET /monitors: the team of scouters, newest first. */
export const getMonitors = () =>
  request(() => api.get<Monitor[]>('/monitors'), CLIENT_ERRORS.monitorsList);

export const useMonitors = () =>
  useQuery({
    queryKey: monitorsQueryKey,
    queryFn: getMonitors,
    initialData: () => pageData<Monitor[]>('/monitors'),
  });
