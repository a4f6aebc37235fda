import { type DeleteAccountBody, myDataFileName } from '@fogata/shared';
import { api, request, toApiError } from '../../../lib/api-client';
import { dispositionFileName } from '../../../lib/fetch-file';
import { MY_DATA_TEXTS } from '../texts';

/** The file name the server gave (`Content-Disposition`), else today's. */
export function fileNameFrom(disposition: unknown, now = new Date()): string {
  return (
    dispositionFileName(typeof disposition === 'string' ? disposition : null) ?? myDataFileName(now)
  );
}

/** GET /profile/me/export: the member's data as a file, ready to save. */
export async function downloadMyData(): Promise<{ blob: Blob; fileName: string }> {
  try {
    const response = await api.get<unknown>('/profile/me/export');
    const blob = new Blob([`${JSON.stringify(response.data, null, 2)}\n`], {
      type: 'application/json',
    });
    return { blob, fileName: fileNameFrom(response.headers['content-disposition']) };
  } catch (error) {
    throw toApiError(error, MY_DATA_TEXTS.downloadFailed);
  }
}

/** DELETE /profile/me with the password or a fresh external sign-in's ID token. */
export const deleteMyAccount = (body: DeleteAccountBody) =>
  request(
    () => api.delete<{ message: string }>('/profile/me', { data: body }),
    MY_DATA_TEXTS.deleteFailed,
  );
