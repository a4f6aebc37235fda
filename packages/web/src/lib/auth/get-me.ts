import { CLIENT_ERRORS, type User } from '@fogata/shared';
import { api, request } from '../api-client';

/** GET /profile/me: the signed-in user as the server knows it now. */
export const getMe = () => request(() => api.get<User>('/profile/me'), CLIENT_ERRORS.profileGet);
