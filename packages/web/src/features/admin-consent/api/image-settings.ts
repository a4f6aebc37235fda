import {
  AUDIT_TOTAL_HEADER,
  CLIENT_ERRORS,
  type ConsentPreviewAlbum,
  type ConsentPreviewTotals,
  type GroupSettings,
  type GroupSettingsPatch,
  type ImagePublication,
} from '@fogata/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PANEL_PAGE_SIZE } from '../../../lib/admin-texts';
import { api, request, toApiError } from '../../../lib/api-client';

/*
 * The calls of the admin page 'Imagen' (decision 088): the settings, the preview of
 * applying image consent, the background scan's progress and the ledger.
 */

const settingsKey = ['admin', 'settings'] as const;
const previewKey = ['admin', 'consent-preview'] as const;
const ledgerKey = ['admin', 'image-ledger'] as const;

export const useGroupSettings = () =>
  useQuery({
    queryKey: settingsKey,
    queryFn: () => request(() => api.get<GroupSettings>('/settings'), CLIENT_ERRORS.settingsGet),
  });

/** PATCH /settings; the preview and the ledger change with it (new public copies). */
export const useSaveSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: GroupSettingsPatch) =>
      request(
        () => api.patch<{ message: string; settings: GroupSettings }>('/settings', patch),
        CLIENT_ERRORS.settingsSave,
      ),
    onSuccess: (result) => {
      queryClient.setQueryData(settingsKey, result.settings);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: previewKey }),
        queryClient.invalidateQueries({ queryKey: ledgerKey }),
      ]);
    },
  });
};

export const useConsentPreview = () =>
  useQuery({
    queryKey: [...previewKey, 'totals'],
    queryFn: () =>
      request(
        () => api.get<ConsentPreviewTotals>('/settings/consent-preview'),
        CLIENT_ERRORS.consentPreview,
      ),
  });

/** A page of any list the API pages with `X-Total-Count`. */
async function page<T>(url: string, params: Record<string, number>, fallback: string) {
  try {
    const response = await api.get<T[]>(url, { params: { ...params, limit: PANEL_PAGE_SIZE } });
    return { rows: response.data, total: Number(response.headers[AUDIT_TOTAL_HEADER] ?? 0) };
  } catch (error) {
    throw toApiError(error, fallback);
  }
}

export const usePreviewAlbums = (pageNumber: number) =>
  useQuery({
    queryKey: [...previewKey, 'albums', pageNumber],
    queryFn: () =>
      page<ConsentPreviewAlbum>(
        '/settings/consent-preview/albums',
        { page: pageNumber },
        CLIENT_ERRORS.consentPreview,
      ),
    placeholderData: keepPreviousData,
  });

export interface ScanProgress {
  total: number;
  remaining: number;
  /** Images the scan gave up on: blurred whole until a manager looks (decision 099). */
  given_up?: number;
}

/**
 * GET /faces/scan-progress (the background scan): null when the server does not answer it, and
 * the page then leaves the block out. Looked at again every 15 s while the scan is running.
 */
export const useScanProgress = () =>
  useQuery({
    queryKey: ['admin', 'scan-progress'],
    queryFn: async (): Promise<ScanProgress | null> => {
      try {
        const { data } = await api.get<ScanProgress>('/faces/scan-progress');
        return typeof data?.total === 'number' && typeof data.remaining === 'number' ? data : null;
      } catch {
        return null;
      }
    },
    refetchInterval: (query) =>
      query.state.data && query.state.data.remaining > 0 ? 15_000 : false,
    retry: false,
  });

export const useImageLedger = (pageNumber: number, child: number | null) =>
  useQuery({
    queryKey: [...ledgerKey, child, pageNumber],
    queryFn: () =>
      page<ImagePublication>(
        '/image-ledger',
        child === null ? { page: pageNumber } : { page: pageNumber, child },
        CLIENT_ERRORS.imageLedger,
      ),
    placeholderData: keepPreviousData,
  });
