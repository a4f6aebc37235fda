import {
  type AdminUser,
  CLIENT_ERRORS,
  type Invitation,
  type InvitationStatus,
  type Role,
  TOTAL_COUNT_HEADER,
} from '@fogata/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PANEL_PAGE_SIZE } from '../../../lib/admin-texts';
import { api, toApiError } from '../../../lib/api-client';
import { invitationsQueryKey } from './get-invitations';
import { usersQueryKey } from './get-users';

/*
 * The admin panel's tables a page at a time (decision 051): the server
 * searches, filters and pages; the total comes in X-Total-Count. The keys start with the tables'
 * old keys, so every mutation that refreshes a table refreshes its pages.
 */

export interface UsersFilters {
  q: string;
  role: Role | '';
  section: string;
}

export interface InvitationsFilters {
  q: string;
  role: Role | '';
  status: InvitationStatus | '';
}

export interface Page<T> {
  items: T[];
  total: number;
}

async function getPage<T>(
  url: string,
  params: Record<string, unknown>,
  fallback: string,
): Promise<Page<T>> {
  try {
    const response = await api.get<T[]>(url, {
      // An empty filter is no filter: left out of the query string.
      params: Object.fromEntries(
        Object.entries(params).map(([k, v]) => [k, v === '' ? undefined : v]),
      ),
    });
    return { items: response.data, total: Number(response.headers[TOTAL_COUNT_HEADER] ?? 0) };
  } catch (error) {
    throw toApiError(error, fallback);
  }
}

/** GET /admin/users?q&role&section&page&limit. */
export const getUsersPage = (filters: UsersFilters, page: number) =>
  getPage<AdminUser>(
    '/admin/users',
    { ...filters, page, limit: PANEL_PAGE_SIZE },
    CLIENT_ERRORS.usersList,
  );

/** GET /invitations?q&role&status&page&limit. */
export const getInvitationsPage = (filters: InvitationsFilters, page: number) =>
  getPage<Invitation>(
    '/invitations',
    { ...filters, page, limit: PANEL_PAGE_SIZE },
    CLIENT_ERRORS.invitationsList,
  );

/** A page of users; the previous page stays on screen while the next one loads. */
export const useUsersPage = (filters: UsersFilters, page: number) =>
  useQuery({
    queryKey: [...usersQueryKey, filters, page],
    queryFn: () => getUsersPage(filters, page),
    placeholderData: keepPreviousData,
  });

/** A page of invitations; the previous page stays on screen while the next one loads. */
export const useInvitationsPage = (filters: InvitationsFilters, page: number) =>
  useQuery({
    queryKey: [...invitationsQueryKey, filters, page],
    queryFn: () => getInvitationsPage(filters, page),
    placeholderData: keepPreviousData,
  });
