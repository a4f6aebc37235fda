import type { ActivityStaff, AttendanceMark, CampPack } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../lib/api-client';
import { fetchFile } from '../../lib/fetch-file';
import type { AttendanceTransport } from './lib/sync';
import { CAMP_TEXTS as T } from './texts';

/* The camp's calls: the activity's staff, the pack, its PDF and the roll. */

/** GET /activities/:id/staff: whether the viewer is one of its staff (`mine`). */
export const useActivityStaff = (activityId: number, enabled = true) =>
  useQuery({
    queryKey: ['activities', activityId, 'staff'],
    queryFn: () =>
      request(() => api.get<ActivityStaff>(`/activities/${activityId}/staff`), T.takeFailed),
    enabled,
    retry: false,
  });

/** GET /activities/:id/camp-pack (each call is logged as a reading of every ficha in it). */
export const fetchCampPack = (activityId: number) =>
  request(() => api.get<CampPack>(`/activities/${activityId}/camp-pack`), T.takeFailed);

/** The pack's A4 PDF, made on demand. */
export const downloadCampPdf = (activityId: number) =>
  fetchFile(`/activities/${activityId}/camp-pack.pdf`, T.pdfFailed);

/**
 * The attendance API, with the session's token, or with `token` given (the sign-out sends the
 * waiting marks with the token of the session that is ending).
 */
export function attendanceTransport(token?: string | null): AttendanceTransport {
  const options = token ? { headers: { Authorization: `Bearer ${token}` } } : undefined;
  return {
    send: (activityId, marks) =>
      request(
        () =>
          api.post<{ marks: AttendanceMark[] }>(
            `/activities/${activityId}/attendance`,
            { marks },
            options,
          ),
        T.sendFailed,
      ).then((answer) => answer.marks),
    read: (activityId) =>
      request(
        () => api.get<{ marks: AttendanceMark[] }>(`/activities/${activityId}/attendance`, options),
        T.sendFailed,
      ).then((answer) => answer.marks),
  };
}
