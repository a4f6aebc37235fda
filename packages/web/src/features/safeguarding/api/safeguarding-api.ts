import type { AdultCertificate, CertificatesList, SafeguardingSettings } from '@fogata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { SAFEGUARDING_TEXTS as T } from '../texts';

/* 'Salvaguarda' (admins): the certificados negativos, the group's camp settings, the delegado/a. */

const keys = {
  certificates: ['safeguarding', 'certificates'] as const,
  settings: ['safeguarding', 'settings'] as const,
};

export const useCertificates = () =>
  useQuery({
    queryKey: keys.certificates,
    queryFn: () =>
      request(() => api.get<CertificatesList>('/safeguarding/certificates'), T.loadFailed),
  });

/** POST /safeguarding/certificates: a certificado seen, with its date; the list re-sorts. */
export const useRecordCertificate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { user_id: number; issued_on: string }) =>
      request(() => api.post<AdultCertificate>('/safeguarding/certificates', body), T.recordFailed),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.certificates }),
  });
};

export const useSafeguardingSettings = () =>
  useQuery({
    queryKey: keys.settings,
    queryFn: () =>
      request(() => api.get<SafeguardingSettings>('/safeguarding/settings'), T.loadFailed),
  });

export const useSaveSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      staff_ratio: number;
      certificate_renewal_months: number;
      health_retention_days: number;
    }) =>
      request(
        () => api.put<SafeguardingSettings>('/safeguarding/settings', body),
        T.settingsFailed,
      ),
    onSuccess: (settings) => {
      queryClient.setQueryData(keys.settings, settings);
      // The renewal changes every due date.
      return queryClient.invalidateQueries({ queryKey: keys.certificates });
    },
  });
};

/** PUT /admin/protection-delegate: the account named and how to reach them. */
export const useSaveDelegate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { user_id: number; contact: string }) =>
      request(() => api.put<unknown>('/admin/protection-delegate', body), T.delegateFailed),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.settings }),
        // The autorización's page and the public places show the name.
        queryClient.invalidateQueries({ queryKey: ['admin', 'authorization-text'] }),
        queryClient.invalidateQueries({ queryKey: ['protection', 'delegate'] }),
      ]),
  });
};
