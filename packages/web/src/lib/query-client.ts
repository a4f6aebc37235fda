import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Retries only failures that may pass on a second try (no answer, or a 5xx). */
const shouldRetry = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status !== undefined && error.status < 500);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
