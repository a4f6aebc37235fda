import type { DelegateAnswer } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from './api-client';
import { pageData } from './page-data';

/*
 * The group's delegado/a de protección, as anyone may read it: '¿Quiénes somos?' (drawn on the
 * server first), the form to write to them and the drawer (whose inbox entry is only theirs).
 */

export const DELEGATE_PATH = '/protection/delegate';
export const delegateQueryKey = ['protection', 'delegate'] as const;

export const useProtectionDelegate = (enabled = true) =>
  useQuery({
    queryKey: delegateQueryKey,
    queryFn: () =>
      request(
        () => api.get<DelegateAnswer | null>(DELEGATE_PATH),
        'Error al obtener el delegado/a de protección.',
      ),
    // The server's render of a public page read it for a visitor: the page starts with it.
    initialData: () => pageData<DelegateAnswer | null>(DELEGATE_PATH),
    enabled,
  });
