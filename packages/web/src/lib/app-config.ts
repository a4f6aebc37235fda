import { useQuery } from '@tanstack/react-query';
import { api, request } from './api-client';
import { pageData, pageJson } from './page-data';

/** GET /api/config: the group's texts and whether external sign-in is on. */
export interface AppConfig {
  groupName: string;
  groupAddress?: string;
  groupMapUrl?: string | null;
  /** Whether 'Publicar ahora' starts checked (false with ALBUMS_DRAFT_BY_DEFAULT=1). */
  albumsPublishByDefault?: boolean;
  /** External sign-in; `authorizationEndpoint` is null while the provider cannot be reached. */
  oidc: null | { issuer: string; clientId: string; authorizationEndpoint: string | null };
}

export const getAppConfig = () =>
  request(() => api.get<AppConfig>('/config'), 'Error al obtener la configuración.');

/**
 * The configuration the server wrote into the page (GET /api/config's answer, decision 013), or
 * undefined when there is none (the dev server, tests): then it is fetched.
 */
export function inlineAppConfig(): AppConfig | undefined {
  // The server's render of a page has it among the page's answers.
  if (typeof document === 'undefined') return pageData<AppConfig>('/config');
  return pageJson<AppConfig>('fogata-config');
}

/** The group's configuration: from the page when it came with it, else fetched; once per visit. */
export function useAppConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: getAppConfig,
    initialData: inlineAppConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
