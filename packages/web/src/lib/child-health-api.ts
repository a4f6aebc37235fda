import type { ChildHealth, HealthRecord } from '@fogata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from './api-client';

/*
 * A child's ficha sanitaria as their guardians keep it: its page, the badge in 'Mis educandos' and
 * the prompt after a «Va» all read and confirm it through these calls, under one query key, so a
 * confirmation in one place clears the badge and the prompt in the others.
 */

/** Texts of these calls' failures. */
export const CHILD_HEALTH_ERRORS = {
  load: 'Error al obtener la ficha sanitaria.',
  confirm: 'Error al confirmar la ficha sanitaria.',
} as const;

export const childHealthQueryKey = (childId: number) => ['child-health', childId] as const;

/** GET /children/{id}/health: the ficha (null: never filled) and whether it asks a confirmation. */
export const getChildHealth = (childId: number) =>
  request(() => api.get<ChildHealth>(`/children/${childId}/health`), CHILD_HEALTH_ERRORS.load);

export const useChildHealth = (childId: number | null) =>
  useQuery({
    queryKey: childHealthQueryKey(childId ?? 0),
    queryFn: () => getChildHealth(childId ?? 0),
    enabled: childId !== null,
  });

/** Whether a child's ficha asks something of the family: never filled, or not confirmed this round. */
export const healthNeedsAttention = (health: ChildHealth | undefined) =>
  health !== undefined && (health.record === null || health.confirm_due);

/**
 * POST /children/{id}/health/confirm: «Está al día», for the round or, with `activityId`, for an
 * activity the child goes to (the activities' answers change with it: their key is refreshed).
 */
export const useConfirmChildHealth = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ childId, activityId }: { childId: number; activityId?: number }) =>
      request(
        () =>
          api.post<HealthRecord>(
            `/children/${childId}/health/confirm`,
            activityId === undefined ? {} : { activity_id: activityId },
          ),
        CHILD_HEALTH_ERRORS.confirm,
      ),
    onSuccess: (record, { childId }) => {
      queryClient.setQueryData(childHealthQueryKey(childId), {
        record,
        confirm_due: false,
      } satisfies ChildHealth);
      return queryClient.invalidateQueries({ queryKey: ['activities'] });
    },
  });
};
