import {
  type ChildConsents,
  CLIENT_ERRORS,
  type ConsentResult,
  type ManagerConsentInput,
} from '@fogata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { consentKeys } from '../../../lib/consent-keys';

/* A child's consents as the managers see and record them (the dialog in 'Educandos'). */

export const useManagedConsents = (childId: number) =>
  useQuery({
    queryKey: consentKeys.child(childId),
    queryFn: () =>
      request(
        () => api.get<ChildConsents>(`/children/${childId}/consents`),
        CLIENT_ERRORS.consentsGet,
      ),
  });

export const useRecordConsent = (childId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ManagerConsentInput) =>
      request(
        () => api.post<ConsentResult>(`/children/${childId}/consents`, input),
        CLIENT_ERRORS.consentSave,
      ),
    onSuccess: (result) => {
      queryClient.setQueryData(consentKeys.child(childId), result.consents);
      return queryClient.invalidateQueries({ queryKey: consentKeys.register });
    },
  });
};
