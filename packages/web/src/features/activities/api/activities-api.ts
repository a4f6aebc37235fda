import type { AuthorizationResult } from '@fogata/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { fetchFile } from '../../../lib/fetch-file';
import { saveFile } from '../../../lib/save-file';
import { ACTIVITY_TEXTS as T } from '../texts';
import type {
  Activity,
  ActivityList,
  AuthorizationToSign,
  CalendarFeeds,
  ChildActivityStatus,
  SignBody,
  SignupBody,
} from './types';

/*
 * The family's calls of 'Actividades'. Every key starts with 'activities', so whatever changes an
 * activity (here, or the managers' screens) refreshes the list and its page by that one prefix.
 */

export const activitiesQueryKey = ['activities'] as const;
export const activityListQueryKey = (pastPage: number) => ['activities', 'list', pastPage] as const;
export const activityQueryKey = (id: number) => ['activities', 'detail', id] as const;
const authorizationQueryKey = (activityId: number, childId: number) =>
  ['activities', 'authorization', activityId, childId] as const;
export const calendarFeedsQueryKey = ['calendar-feeds'] as const;

/** GET /activities: what is coming (all), then a page of what has passed. */
export const getActivities = (pastPage: number) =>
  request(
    () => api.get<ActivityList>('/activities', { params: { past_page: pastPage } }),
    T.loadFailed,
  );

export const useActivities = (pastPage: number) =>
  useQuery({
    queryKey: activityListQueryKey(pastPage),
    queryFn: () => getActivities(pastPage),
    // The upcoming ones stay on screen while another page of the past loads.
    placeholderData: keepPreviousData,
  });

/** GET /activities/{id}. */
export const getActivity = (id: number) =>
  request(() => api.get<Activity>(`/activities/${id}`), T.loadOneFailed);

/** The activity of a page; nothing is asked for a URL without an id. */
export const useActivity = (id: number | null) =>
  useQuery({
    queryKey: activityQueryKey(id ?? 0),
    queryFn: () => getActivity(id ?? 0),
    enabled: id !== null,
  });

/** PUT /activities/{id}/children/{childId}/signup: «Va» or «No va» and the answers. */
export const saveSignup = ({
  activityId,
  childId,
  body,
}: {
  activityId: number;
  childId: number;
  body: SignupBody;
}) =>
  request(
    () =>
      api.put<ChildActivityStatus>(`/activities/${activityId}/children/${childId}/signup`, body),
    T.saveFailed,
  );

/** The activity (its places taken, the child's status) and the list change with an answer. */
function useRefreshActivities() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: activitiesQueryKey });
}

export const useSaveSignup = () => {
  const refresh = useRefreshActivities();
  return useMutation({ mutationFn: saveSignup, onSuccess: refresh });
};

/** GET the autorización's template and values for one child, and who the guardian is. */
export const getAuthorization = (activityId: number, childId: number) =>
  request(
    () =>
      api.get<AuthorizationToSign>(`/activities/${activityId}/children/${childId}/authorization`),
    T.signLoadFailed,
  );

export const useAuthorizationToSign = (activityId: number, childId: number) =>
  useQuery({
    queryKey: authorizationQueryKey(activityId, childId),
    queryFn: () => getAuthorization(activityId, childId),
    // The text and the profile's DNI are read fresh each time the dialog opens.
    gcTime: 0,
  });

/** POST the signature: the server fills the text again and compares its SHA-256. */
export const signAuthorization = ({
  activityId,
  childId,
  body,
}: {
  activityId: number;
  childId: number;
  body: SignBody;
}) =>
  request(
    () =>
      api.post<AuthorizationResult>(
        `/activities/${activityId}/children/${childId}/authorization`,
        body,
      ),
    T.signFailed,
  );

export const useSignAuthorization = () => {
  const refresh = useRefreshActivities();
  return useMutation({ mutationFn: signAuthorization, onSuccess: refresh });
};

/** DELETE the viewer's own standing signature. */
export const withdrawSignature = ({
  activityId,
  childId,
}: {
  activityId: number;
  childId: number;
}) =>
  request(
    () => api.delete<unknown>(`/activities/${activityId}/children/${childId}/authorization`),
    T.withdrawFailed,
  );

export const useWithdrawSignature = () => {
  const refresh = useRefreshActivities();
  return useMutation({ mutationFn: withdrawSignature, onSuccess: refresh });
};

/** Saves the signed autorización's PDF. */
export async function downloadAuthorizationPdf(authorizationId: number): Promise<void> {
  const { blob, fileName } = await fetchFile(
    `/authorizations/${authorizationId}/pdf`,
    T.downloadFailed,
  );
  saveFile(blob, fileName ?? `autorizacion-${authorizationId}.pdf`);
}

/** Saves the activity's one `.ics`, which the phone or the computer offers to its calendar. */
export async function downloadActivityCalendar(activityId: number): Promise<void> {
  const { blob, fileName } = await fetchFile(
    `/activities/${activityId}/calendar.ics`,
    T.calendarFailed,
  );
  saveFile(blob, fileName ?? `actividad-${activityId}.ics`);
}

/** GET /calendar-feeds: the family's private feed and, for a scouter, their sections'. */
export const getCalendarFeeds = () =>
  request(() => api.get<CalendarFeeds>('/calendar-feeds'), T.feedsLoadFailed);

export const useCalendarFeeds = () =>
  useQuery({ queryKey: calendarFeedsQueryKey, queryFn: getCalendarFeeds });

/** POST /calendar-feeds/reset: a new URL; the old one stops working. */
export const resetCalendarFeed = (sectionId: number | null) =>
  request(
    () =>
      api.post<unknown>(
        '/calendar-feeds/reset',
        sectionId === null ? {} : { section_id: sectionId },
      ),
    T.resetFailed,
  );

export const useResetCalendarFeed = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedsQueryKey }),
  });
};
