/*
 * Under 'activities', like the family's screens: a change made here (a state, an edit, a payment)
 * invalidates the one prefix and every activity list and page refreshes with it.
 */
export const activityKeys = {
  all: ['activities'] as const,
  one: (id: number) => ['activities', id, 'manage'] as const,
  board: (id: number) => ['activities', id, 'board'] as const,
  peopleInCharge: ['activities', 'people-in-charge'] as const,
  authorizationText: ['admin', 'authorization-text'] as const,
};
