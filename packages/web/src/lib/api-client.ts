import { CLIENT_ERRORS, LIMITS } from '@fogata/shared';

/** The window event the HTTP layer emits when the server rejects the session (401). */
export const AUTH_LOGOUT_EVENT = 'auth:logout';

/** An error whose message is ready to show to the user. */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly fieldErrors: { field: string; message: string }[];

  constructor(
    message: string,
    status?: number,
    fieldErrors: { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

/** How much of a request body has gone out (multipart uploads). */
export interface UploadProgress {
  loaded: number;
  /** Unknown when the browser cannot tell the body's length. */
  total?: number;
}

/** What a call may add: the query string (undefined and null values are left out), headers... */
export interface CallOptions {
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** A body for DELETE, which has no `data` argument. */
  data?: unknown;
  /** Given, the request goes through XMLHttpRequest, the one API that reports upload progress. */
  onUploadProgress?: (progress: UploadProgress) => void;
  /**
   * Reads an answer outside 2xx that still carries the call's result (the photo upload's 400
   * when no file landed): what it returns resolves the call; undefined leaves it an error.
   */
  resultOf?: (data: unknown) => unknown;
}

/**
 * One request as the adapter receives it: `url` relative to `baseURL` and without the query
 * string (that is `params`), `data` already serialised (a JSON string, a FormData as-is, or
 * undefined) and `headers` with the token and the content type set.
 */
export interface RequestConfig {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  baseURL: string;
  url: string;
  params: Record<string, unknown>;
  data: string | FormData | undefined;
  headers: Record<string, string>;
  timeout: number;
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** An HTTP answer: `data` is the parsed JSON, the raw text when not JSON, '' when empty. */
export interface ApiResponse<T = unknown> {
  status: number;
  data: T;
  /** Lower-case names. */
  headers: Record<string, string>;
}

/** Sends one request; resolves with any HTTP answer, rejects with an HttpError when none came. */
export type Adapter = (config: RequestConfig) => Promise<ApiResponse>;

/** Why a call failed below the user's message: an HTTP answer ≥ 400, or none (network, time-out). */
export class HttpError extends Error {
  static readonly NETWORK = 'ERR_NETWORK';
  static readonly TIMEOUT = 'ECONNABORTED';
  readonly code: string;
  readonly config: RequestConfig;
  readonly response: ApiResponse | undefined;

  constructor(message: string, code: string, config: RequestConfig, response?: ApiResponse) {
    super(message);
    this.name = 'HttpError';
    this.code = code;
    this.config = config;
    this.response = response;
  }
}

/** The query string of `params`: undefined and null are left out, arrays repeat the key. */
export function buildUrl(config: Pick<RequestConfig, 'baseURL' | 'url' | 'params'>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(config.params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      query.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const path = `${config.baseURL.replace(/\/$/, '')}/${config.url.replace(/^\//, '')}`;
  const search = query.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/** JSON when the body parses as JSON (whatever the content type says), else the text itself. */
function parseBody(text: string): unknown {
  if (!text) return '';
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const timeoutError = (config: RequestConfig) =>
  new HttpError(`timeout of ${config.timeout}ms exceeded`, HttpError.TIMEOUT, config);
const networkError = (config: RequestConfig) =>
  new HttpError('Network Error', HttpError.NETWORK, config);

/** Uploads with progress: fetch cannot report how much of the body has gone out. */
function xhrAdapter(config: RequestConfig): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(config.method, buildUrl(config));
    xhr.timeout = config.timeout;
    for (const [name, value] of Object.entries(config.headers)) xhr.setRequestHeader(name, value);
    const onProgress = config.onUploadProgress;
    if (onProgress) {
      xhr.upload.onprogress = (e) =>
        onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined });
    }
    xhr.onload = () => {
      const headers: Record<string, string> = {};
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: xhr.status, data: parseBody(xhr.responseText), headers });
    };
    xhr.onerror = () => reject(networkError(config));
    xhr.onabort = () => reject(networkError(config));
    xhr.ontimeout = () => reject(timeoutError(config));
    xhr.send(config.data ?? null);
  });
}

/** The browser's fetch, aborted after `timeout` ms (body included), or XMLHttpRequest for uploads with progress. */
export const defaultAdapter: Adapter = async (config) => {
  if (config.onUploadProgress) return xhrAdapter(config);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.timeout);
  try {
    const response = await fetch(buildUrl(config), {
      method: config.method,
      headers: config.headers,
      body: config.data,
      signal: controller.signal,
    });
    const text = await response.text();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    return { status: response.status, data: parseBody(text), headers };
  } catch (error) {
    if (timedOut) throw timeoutError(config);
    // fetch rejects with a TypeError when no answer came (offline, refused, CORS).
    throw Object.assign(networkError(config), { cause: error });
  } finally {
    clearTimeout(timer);
  }
};

// Credential checks (login, registration, reset) answer 401 for a wrong password, not for an
// expired session, so they never end the session.
const isCredentialCheck = (url: string) => url.replace(/^\//, '').startsWith('auth/');

/** JSON for plain values, FormData as-is (the browser writes the multipart boundary). */
function serialise(data: unknown, headers: Record<string, string>): RequestConfig['data'] {
  if (data === undefined) return undefined;
  if (typeof FormData !== 'undefined' && data instanceof FormData) return data;
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(data);
}

async function send<T>(
  method: RequestConfig['method'],
  url: string,
  data: unknown,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {
    Accept: 'application/json, text/plain, */*',
    ...options.headers,
  };
  const token = localStorage.getItem(LIMITS.tokenStorageKey);
  if (token) headers.Authorization = `Bearer ${token}`;
  const config: RequestConfig = {
    method,
    baseURL: api.baseURL,
    url,
    params: options.params ?? {},
    data: serialise(data, headers),
    headers,
    timeout: api.timeout,
    onUploadProgress: options.onUploadProgress,
  };
  const response = await api.adapter(config);
  if (response.status >= 200 && response.status < 300) return response as ApiResponse<T>;
  if (response.status === 401 && config.headers.Authorization && !isCredentialCheck(url)) {
    window.dispatchEvent(new Event(AUTH_LOGOUT_EVENT));
    throw new ApiError(CLIENT_ERRORS.sessionExpired, 401);
  }
  const result = options.resultOf?.(response.data);
  if (result !== undefined) return { ...response, data: result as T };
  throw new HttpError(
    `Request failed with status code ${response.status}`,
    'ERR_BAD_RESPONSE',
    config,
    response,
  );
}

/**
 * The one HTTP client of the app: base /api, a time-out (a stalled call ends in an error, not a
 * spinner), the session's Bearer token, JSON
 * or multipart bodies. A 2xx resolves with `{ status, data, headers }` (so does an answer the
 * call's `resultOf` reads as its result); any other answer, or none,
 * rejects (see toApiError). `adapter` is the seam the web tests replace (test/api-stub.ts).
 */
export const api = {
  baseURL: '/api',
  timeout: LIMITS.requestTimeoutMs,
  adapter: defaultAdapter,
  get: <T>(url: string, options?: CallOptions) => send<T>('GET', url, undefined, options),
  delete: <T>(url: string, options?: CallOptions) => send<T>('DELETE', url, options?.data, options),
  post: <T>(url: string, data?: unknown, options?: CallOptions) =>
    send<T>('POST', url, data, options),
  put: <T>(url: string, data?: unknown, options?: CallOptions) =>
    send<T>('PUT', url, data, options),
  patch: <T>(url: string, data?: unknown, options?: CallOptions) =>
    send<T>('PATCH', url, data, options),
};

interface ErrorBody {
  message?: unknown;
  errors?: { field: string; message: string }[];
}

/**
 * Turns any failure of a call into an ApiError carrying a Spanish message: the server's `message`
 * when present, else `fallback` (the call's own default message); failures without an HTTP answer
 * (network, time-out) give `unknown`.
 */
export function toApiError(
  error: unknown,
  fallback: string,
  unknown: string = CLIENT_ERRORS.unknown,
): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HttpError) {
    const response = error.response;
    if (response) {
      const body = response.data as ErrorBody | string | undefined;
      const message =
        body && typeof body === 'object' && typeof body.message === 'string' && body.message
          ? body.message
          : fallback;
      if (response.status === 403 || response.status === 404) {
        console.warn(`HTTP ${response.status} en ${error.config.url}: ${message}`);
      }
      const fieldErrors =
        body && typeof body === 'object' && Array.isArray(body.errors) ? body.errors : [];
      return new ApiError(message, response.status, fieldErrors);
    }
    console.error(`Sin respuesta del servidor (${error.code}): ${error.message}`);
    return new ApiError(unknown);
  }
  console.error(error);
  return new ApiError(unknown);
}

/** Runs a call and returns its data, or throws an ApiError (see toApiError). */
export async function request<T>(
  call: () => Promise<ApiResponse<T>>,
  fallback: string,
  unknown?: string,
): Promise<T> {
  try {
    const response = await call();
    return response.data;
  } catch (error) {
    throw toApiError(error, fallback, unknown);
  }
}
