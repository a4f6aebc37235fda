import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { DocumentTitle } from './layout/document-title';
import { routes } from './router';

/**
 * The routes in React Router's declarative mode: the app uses no loaders, actions or fetchers,
 * and the data router's code was a seventh of the first load (decision 028).
 */
function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <>
      <DocumentTitle />
      <PageErrorBoundary resetKey={pathname}>{useRoutes(routes)}</PageErrorBoundary>
    </>
  );
}

/**
 * The app: data cache outside, router (with the session inside its root route) within. The
 * browser's router by default; the server's render of a public page gives its own, fixed at the
 * page's URL (entry-server.tsx). Both draw the same tree, so the browser hydrates what the
 * server drew.
 */
export function App({
  queryClient,
  router: Router = BrowserRouter,
}: {
  queryClient: QueryClient;
  router?: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <Router>
        <AppRoutes />
      </Router>
    </QueryClientProvider>
  );
}
