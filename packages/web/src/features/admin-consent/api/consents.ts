import {
  AUDIT_TOTAL_HEADER,
  CLIENT_ERRORS,
  CONSENT_REGISTER_PAGE_SIZE,
  type ConsentRegisterRow,
  type ConsentText,
} from '@fogata/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request, toApiError } from '../../../lib/api-client';
import { consentKeys } from '../../../lib/consent-keys';
import { CONSENT_ADMIN_TEXTS } from '../consent-texts';

/* The managers' consent calls: the register and the text (a child's own are in 'Educandos'). */

export interface RegisterPage {
  rows: ConsentRegisterRow[];
  total: number;
}

async function getRegister(section: number, page: number): Promise<RegisterPage> {
  try {
    const response = await api.get<ConsentRegisterRow[]>('/consents/register', {
      params: { section, page, limit: CONSENT_REGISTER_PAGE_SIZE },
    });
    return { rows: response.data, total: Number(response.headers[AUDIT_TOTAL_HEADER] ?? 0) };
  } catch (error) {
    throw toApiError(error, CLIENT_ERRORS.consentRegister);
  }
}

export const useRegister = (section: number | null, page: number) =>
  useQuery({
    queryKey: [...consentKeys.register, section, page],
    queryFn: () => getRegister(section as number, page),
    enabled: section !== null,
    placeholderData: keepPreviousData,
  });

/**
 * GET /consents/register.csv as a file to save. The browser's text decoding drops the byte-order
 * mark; it is put back so Excel reads the file as UTF-8.
 */
export async function downloadRegister(section: number): Promise<{ blob: Blob; fileName: string }> {
  try {
    const response = await api.get<string>('/consents/register.csv', { params: { section } });
    const text = String(response.data);
    const blob = new Blob([text.startsWith('\uFEFF') ? text : `\uFEFF${text}`], {
      type: 'text/csv;charset=utf-8',
    });
    const disposition = String(response.headers['content-disposition'] ?? '');
    const match = /filename="?([\w.-]+)"?/.exec(disposition);
    return { blob, fileName: match?.[1] ?? 'consentimientos.csv' };
  } catch (error) {
    throw toApiError(error, CONSENT_ADMIN_TEXTS.downloadFailed);
  }
}

export const useConsentTexts = (enabled: boolean) =>
  useQuery({
    queryKey: consentKeys.texts,
    queryFn: () =>
      request(() => api.get<ConsentText[]>('/consents/texts'), CLIENT_ERRORS.consentTexts),
    enabled,
  });

export const useWriteConsentText = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      request(
        () => api.post<{ message: string; text: ConsentText }>('/consents/texts', { body }),
        CLIENT_ERRORS.consentTextSave,
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: consentKeys.texts }),
        queryClient.invalidateQueries({ queryKey: consentKeys.register }),
        queryClient.invalidateQueries({ queryKey: consentKeys.children }),
      ]),
  });
};
