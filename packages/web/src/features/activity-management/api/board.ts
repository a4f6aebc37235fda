import type { PaymentMethod } from '@fogata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request, toApiError } from '../../../lib/api-client';
import { dispositionFileName, fetchFile } from '../../../lib/fetch-file';
import { BOARD_TEXTS as T } from '../texts';
import type { Board, BoardPayment } from '../types';
import { activityKeys } from './keys';

/* The board: who goes, who is authorised, who has paid; payments, paper autorizaciones, reminders, exports. */

export const useBoard = (id: number) =>
  useQuery({
    queryKey: activityKeys.board(id),
    queryFn: () => request(() => api.get<Board>(`/activities/${id}/board`), T.loadFailed),
  });

/** What changes a row refreshes: the board (its counts too) and the activity's pages. */
const useRefresh = (id: number) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['activities', id] });
};

export const useMarkPayment = (id: number) => {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: ({
      childId,
      amount_cents,
      method,
    }: {
      childId: number;
      amount_cents: number;
      method: PaymentMethod;
    }) =>
      request(
        () =>
          api.put<BoardPayment>(`/activities/${id}/children/${childId}/payment`, {
            amount_cents,
            method,
          }),
        T.paymentFailed,
      ),
    onSuccess: refresh,
  });
};

export const useUndoPayment = (id: number) => {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (childId: number) =>
      request(() => api.delete(`/activities/${id}/children/${childId}/payment`), T.paymentFailed),
    onSuccess: refresh,
  });
};

export const useRecordPaper = (id: number) => {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: ({ childId, file, note }: { childId: number; file: File; note: string }) => {
      const body = new FormData();
      body.append('note', note);
      body.append('file', file);
      return request(
        () => api.post(`/activities/${id}/children/${childId}/paper-authorization`, body),
        T.paperFailed,
      );
    },
    onSuccess: refresh,
  });
};

/** «Recordar a las familias pendientes»: how many families the server told. */
export const useRemind = (id: number) =>
  useMutation({
    mutationFn: () =>
      request(() => api.post<{ families: number }>(`/activities/${id}/reminders`), T.remindFailed),
  });

/**
 * The participants as CSV or PDF, as a file to save. Fetched rather than linked: the call carries
 * the session's token, which a plain link would not; the PDF through fetchFile, which keeps its
 * bytes.
 */
export async function downloadParticipants(
  id: number,
  format: 'csv' | 'pdf',
): Promise<{ blob: Blob; fileName: string }> {
  const fallback = `participantes.${format}`;
  try {
    if (format === 'csv') {
      const response = await api.get<string>(`/activities/${id}/participants.csv`);
      const text = String(response.data);
      // The browser's decoding drops the byte-order mark; Excel needs it to read UTF-8.
      const blob = new Blob([text.startsWith('\uFEFF') ? text : `\uFEFF${text}`], {
        type: 'text/csv;charset=utf-8',
      });
      return {
        blob,
        fileName: dispositionFileName(response.headers['content-disposition'] ?? null) ?? fallback,
      };
    }
    const { blob, fileName } = await fetchFile(
      `/activities/${id}/participants.pdf`,
      T.downloadFailed,
    );
    return { blob, fileName: fileName ?? fallback };
  } catch (error) {
    throw toApiError(error, T.downloadFailed);
  }
}
