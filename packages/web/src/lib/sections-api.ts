import { CLIENT_ERRORS, type Section } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from './api-client';
import { pageData } from './page-data';

/** The group's sections: the who-we-are page lists them, the admin screens manage them. */
export const sectionsQueryKey = (all = false) => ['sections', all ? 'all' : 'in-use'] as const;

/** GET /sections (`all`: the retired ones too, admins only): by position. */
export const getSections = (all = false) =>
  request(
    () => api.get<Section[]>('/sections', { params: all ? { all: 1 } : undefined }),
    CLIENT_ERRORS.sectionsList,
  );

/**
 * The sections in use (or all). The who-we-are page's answer travels in the page (the same for
 * everyone), so its intro draws at once without moving.
 */
export const useSections = (all = false) =>
  useQuery({
    queryKey: sectionsQueryKey(all),
    queryFn: () => getSections(all),
    initialData: all ? undefined : () => pageData<Section[]>('/sections'),
  });

/**
 * GET /children/sections: the sections in use the viewer may put children in ('Educandos', 'Paso
 * de sección' and the consent register). Under the children's key: a change to the children
 * refreshes it too.
 */
export const useManagedSections = () =>
  useQuery({
    queryKey: ['admin', 'children', 'sections'],
    queryFn: () =>
      request(() => api.get<Section[]>('/children/sections'), CLIENT_ERRORS.sectionsList),
  });
