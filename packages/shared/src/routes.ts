/**
 * Where the external sign-in popup comes back (the provider's redirect URI). Here, away from the
 * schemas, so the web app's first load can name it without bringing zod along.
 */
export const EXTERNAL_SIGNIN_CALLBACK_PATH = '/auth/callback';
