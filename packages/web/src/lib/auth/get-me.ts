import { CLIENT_ERRORS, type Profile } from '@fogata/shared';
import { api, request } from '../api-client';

/**
 * Where the query cache keeps getMe's answer: the profile page reads it, and whatever changes the
 * member's profile (its form, the digest's unsubscribe link) updates it.
 */
export const profileQueryKey = ['profile', 'me'] as const;

/** GET /profile/me: the signed-in user as the server knows it now, with their digest choice. */
export const getMe = () => request(() => api.get<Profile>('/profile/me'), CLIENT_ERRORS.profileGet);
