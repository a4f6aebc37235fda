import { CLIENT_ERRORS, LIMITS } from '@fogata/shared';
import axios, { type AxiosError, type AxiosResponse } from 'axios';

/** The window event the HTTP layer emits when the server rejects the session (401). */
export const AUTH_LOGOUT_EVENT = 'auth:logout';

/** An error whose message is ready to show to the user. */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly fieldErrors: { field: string; message: string }[];

  constructor(
    message: string,
    status?: number,
    fieldErrors: { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

/** The one axios instance of the app: base /api, SPEC §9 time-out, the session's Bearer token. */
export const api = axios.create({
  baseURL: '/api',
  timeout: LIMITS.requestTimeoutMs,
});

api.interceptors.request.use((config) => {
  const token = localStorage.getItem(LIMITS.tokenStorageKey);
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

// Credential checks (login, registration, reset) answer 401 for a wrong password, not for an
// expired session, so they never end the session.
const isCredentialCheck = (url: string | undefined) =>
  !!url?.replace(/^\//, '').startsWith('auth/');

api.interceptors.response.use(undefined, (error: unknown) => {
  if (axios.isAxiosError(error) && error.response?.status === 401) {
    const hadSession = !!error.config?.headers?.Authorization;
    if (hadSession && !isCredentialCheck(error.config?.url)) {
      window.dispatchEvent(new Event(AUTH_LOGOUT_EVENT));
      return Promise.reject(new ApiError(CLIENT_ERRORS.sessionExpired, 401));
    }
  }
  return Promise.reject(error);
});

interface ErrorBody {
  message?: unknown;
  errors?: { field: string; message: string }[];
}

/**
 * Turns any failure of a call into an ApiError carrying a Spanish message: the server's `message`
 * when present, else `fallback` (the call's default of SPEC §8); failures without an HTTP answer
 * (network, time-out) give `unknown`.
 */
export function toApiError(
  error: unknown,
  fallback: string,
  unknown: string = CLIENT_ERRORS.unknown,
): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isAxiosError(error)) {
    const response = (error as AxiosError<ErrorBody>).response;
    if (response) {
      const body = response.data;
      const message =
        body && typeof body === 'object' && typeof body.message === 'string' && body.message
          ? body.message
          : fallback;
      if (response.status === 403 || response.status === 404) {
        console.warn(`HTTP ${response.status} en ${error.config?.url}: ${message}`);
      }
      const fieldErrors = Array.isArray(body?.errors) ? body.errors : [];
      return new ApiError(message, response.status, fieldErrors);
    }
    console.error(`Sin respuesta del servidor (${error.code ?? 'red'}): ${error.message}`);
    return new ApiError(unknown);
  }
  console.error(error);
  return new ApiError(unknown);
}

/** Runs a call and returns its data, or throws an ApiError (see toApiError). */
export async function request<T>(
  call: () => Promise<AxiosResponse<T>>,
  fallback: string,
  unknown?: string,
): Promise<T> {
  try {
    const response = await call();
    return response.data;
  } catch (error) {
    throw toApiError(error, fallback, unknown);
  }
}
