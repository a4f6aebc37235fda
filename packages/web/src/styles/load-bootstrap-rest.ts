/**
 * The rest of Bootstrap's styles (forms, tables, dialogs, the drawer): every page but the landing
 * loads it with its own chunk (router.tsx), and so does the drawer.
 */
export const loadBootstrapRest = () => import('./bootstrap-rest.scss');
