import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { createQueryClient } from '../lib/query-client';
import { routes } from './router';

/**
 * The routes in React Router's declarative mode: the app uses no loaders, actions or fetchers,
 * and the data router's code was a seventh of the first load (decision 028).
 */
function AppRoutes() {
  const { pathname } = useLocation();
  return <PageErrorBoundary resetKey={pathname}>{useRoutes(routes)}</PageErrorBoundary>;
}

/** The app: data cache outside, router (with the session inside its root route) within. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
