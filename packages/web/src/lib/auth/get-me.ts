import { CLIENT_ERRORS, type Profile } from '@fogata/shared';
import { api, request } from '../api-client';

/** GET /profile/me: the signed-in user as the server knows it now, with their digest choice. */
export const getMe = () => request(() => api.get<Profile>('/profile/me'), CLIENT_ERRORS.profileGet);
