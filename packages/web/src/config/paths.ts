import { ROUTES } from '@fogata/shared';

/**
 * Every route of the app: components link with getHref(), the router matches on path. The table
 * itself is shared (packages/shared/src/routes.ts): the server's mails and page data read it too.
 */
export const paths = ROUTES;
