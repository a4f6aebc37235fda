import { CLIENT_ERRORS, LIMITS } from '@fogata/shared';
import { ApiError, AUTH_LOGOUT_EVENT, api } from './api-client';

/** The plain file name of a `Content-Disposition` header, or null (no path, nothing hidden). */
export function dispositionFileName(disposition: string | null): string | null {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  const name = match?.[1]?.trim();
  return name && /^[\w.-]+$/.test(name) && !name.startsWith('.') ? name : null;
}

/**
 * GET of a file that needs the session (a signed PDF, an `.ics`): the API client reads answers as
 * text, which would spoil binary bytes, so this asks with fetch and keeps them as a Blob. A
 * failure becomes an ApiError with the server's Spanish `message`, else `fallback`.
 */
export async function fetchFile(
  url: string,
  fallback: string,
): Promise<{ blob: Blob; fileName: string | null }> {
  const token = localStorage.getItem(LIMITS.tokenStorageKey);
  let response: Response;
  try {
    response = await fetch(`${api.baseURL}${url}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(CLIENT_ERRORS.unknown);
  }
  if (!response.ok) {
    if (response.status === 401 && token) {
      window.dispatchEvent(new Event(AUTH_LOGOUT_EVENT));
      throw new ApiError(CLIENT_ERRORS.sessionExpired, 401);
    }
    let message = fallback;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) message = body.message;
    } catch {
      // Not JSON: the call's own message says it.
    }
    throw new ApiError(message, response.status);
  }
  return {
    blob: await response.blob(),
    fileName: dispositionFileName(response.headers.get('content-disposition')),
  };
}
