import { type ApiResponse, api, HttpError, type RequestConfig } from '../lib/api-client';

type Reply =
  | [status: number, data?: unknown, headers?: Record<string, string>]
  | 'network-error'
  | 'timeout';
type Handler = Reply | ((config: RequestConfig) => Reply | Promise<Reply>);

/** Requests the stub received, in order. */
export interface StubCall {
  method: string;
  url: string;
  /** As sent: a JSON string, a FormData, or undefined. */
  data: unknown;
  headers: RequestConfig['headers'];
}

/**
 * Replaces the HTTP adapter of the app's client (`api.adapter`): `routes` maps
 * 'GET /invitations' to a reply. Unknown routes answer 404. Everything above the adapter (token,
 * 401, error mapping) runs for real.
 */
export function stubApi(routes: Record<string, Handler>) {
  const calls: StubCall[] = [];
  api.adapter = async (config) => {
    const { method, url } = config;
    calls.push({ method, url, data: config.data, headers: config.headers });
    const handler = routes[`${method} ${url}`];
    const reply: Reply =
      handler === undefined
        ? [404, { message: 'Ruta no encontrada.' }]
        : typeof handler === 'function'
          ? await handler(config)
          : handler;
    if (reply === 'network-error') {
      throw new HttpError('Network Error', HttpError.NETWORK, config);
    }
    if (reply === 'timeout') {
      throw new HttpError(`timeout of ${config.timeout}ms exceeded`, HttpError.TIMEOUT, config);
    }
    const [status, data, headers = {}] = reply;
    const response: ApiResponse = {
      status,
      data,
      headers: Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
      ),
    };
    return response;
  };
  return calls;
}

/** A never-settling reply, to look at loading states. */
export const never = () => new Promise<Reply>(() => {});
