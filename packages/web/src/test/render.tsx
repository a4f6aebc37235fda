import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthProvider } from '../lib/auth';

/** Shows where the router is, so tests can assert navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

interface Options {
  /** The URL the app starts at. */
  route?: string;
  /** The route pattern `ui` renders at (default: the route's path). */
  path?: string;
  /** Other routes to land on, pattern → element. */
  routes?: Record<string, ReactNode>;
  /** Extra state for the initial entry (e.g. { from }). */
  state?: unknown;
}

/** Renders `ui` inside the app's providers (query cache, router, session) like the real app. */
export function renderApp(ui: ReactNode, options: Options = {}) {
  const route = options.route ?? '/';
  const [pathname = '/', query] = route.split('?');
  const path = options.path ?? pathname;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter
        initialEntries={[{ pathname, search: query ? `?${query}` : '', state: options.state }]}
      >
        <AuthProvider refreshOnRestore={false}>
          <Routes>
            <Route path={path} element={ui} />
            {Object.entries(options.routes ?? {}).map(([p, el]) => (
              <Route key={p} path={p} element={el} />
            ))}
            <Route path="*" element={<p>Otra página</p>} />
          </Routes>
          <LocationProbe />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}
