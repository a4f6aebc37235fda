import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { api } from '../lib/api-client';

type Reply =
  | [status: number, data?: unknown, headers?: Record<string, string>]
  | 'network-error'
  | 'timeout';
type Handler = Reply | ((config: InternalAxiosRequestConfig) => Reply | Promise<Reply>);

/** Requests the stub received, in order. */
export interface StubCall {
  method: string;
  url: string;
  data: unknown;
  headers: InternalAxiosRequestConfig['headers'];
}

/**
 * Replaces the HTTP adapter of the app's axios instance: `routes` maps 'GET /invitations' to a
 * reply. Unknown routes answer 404. Everything above the adapter (interceptors, error mapping)
 * runs for real.
 */
export function stubApi(routes: Record<string, Handler>) {
  const calls: StubCall[] = [];
  api.defaults.adapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    calls.push({ method, url, data: config.data, headers: config.headers });
    const handler = routes[`${method} ${url}`];
    const reply: Reply =
      handler === undefined
        ? [404, { message: 'Ruta no encontrada.' }]
        : typeof handler === 'function'
          ? await handler(config)
          : handler;
    if (reply === 'network-error') {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    }
    if (reply === 'timeout') {
      throw new AxiosError('timeout exceeded', AxiosError.ECONNABORTED, config);
    }
    const [status, data, headers = {}] = reply;
    const response: AxiosResponse = {
      status,
      statusText: String(status),
      data,
      headers,
      config,
    };
    if (status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        AxiosError.ERR_BAD_REQUEST,
        config,
        null,
        response,
      );
    }
    return response;
  };
  return calls;
}

/** A never-settling reply, to look at loading states. */
export const never = () => new Promise<Reply>(() => {});
