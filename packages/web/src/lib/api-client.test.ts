import { CLIENT_ERRORS } from '@fogata/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getInvitations } from '../features/admin-people/api/get-invitations';
import { revokeInvitation } from '../features/admin-people/api/revoke-invitation';
import { updateUserRole } from '../features/admin-people/api/update-user-role';
import { forgotPassword } from '../features/auth/api/forgot-password';
import { login } from '../features/auth/api/login';
import { resetPassword } from '../features/auth/api/reset-password';
import { uploadPhotos } from '../features/gallery/api/upload-photos';
import { downloadMyData } from '../features/profile/api/my-data';
import { stubApi } from '../test/api-stub';
import { signIn } from '../test/token';
import { AUTH_LOGOUT_EVENT, api, request } from './api-client';

const quiet = () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
};

describe('api-client', () => {
  it('uses base /api and the SPEC time-out', () => {
    expect(api.baseURL).toBe('/api');
    expect(api.timeout).toBe(60000);
  });

  it('sends the stored token as a Bearer header, and none without a token', async () => {
    const calls = stubApi({ 'GET /invitations': [200, []] });
    await getInvitations();
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    const token = signIn();
    await getInvitations();
    expect(calls[1]!.headers.Authorization).toBe(`Bearer ${token}`);
  });

  it('on a 401 emits the global logout event and rejects with the session message', async () => {
    signIn();
    stubApi({ 'GET /invitations': [401, { message: 'Debes iniciar sesión.' }] });
    const onLogout = vi.fn();
    window.addEventListener(AUTH_LOGOUT_EVENT, onLogout);
    await expect(getInvitations()).rejects.toThrow('Sesión expirada o inválida.');
    window.removeEventListener(AUTH_LOGOUT_EVENT, onLogout);
    expect(onLogout).toHaveBeenCalledTimes(1);
    // The HTTP layer clears nothing itself.
    expect(localStorage.getItem('authToken')).not.toBeNull();
  });

  it('a wrong password (401 on login) shows the server message and keeps the session alone', async () => {
    signIn();
    stubApi({ 'POST /auth/login': [401, { message: 'Email o contraseña incorrectos.' }] });
    const onLogout = vi.fn();
    window.addEventListener(AUTH_LOGOUT_EVENT, onLogout);
    await expect(login({ email: 'a@b.es', password: 'x' })).rejects.toThrow(
      'Email o contraseña incorrectos.',
    );
    window.removeEventListener(AUTH_LOGOUT_EVENT, onLogout);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it("prefers the server's message", async () => {
    quiet();
    stubApi({
      'DELETE /invitations/4': [
        400,
        { message: 'Solo se pueden revocar invitaciones pendientes.' },
      ],
    });
    await expect(revokeInvitation(4)).rejects.toThrow(
      'Solo se pueden revocar invitaciones pendientes.',
    );
  });

  it.each([
    [
      'login',
      () => login({ email: 'a@b.es', password: 'x' }),
      'POST /auth/login',
      'Error al iniciar sesión. Verifica tus credenciales.',
    ],
    [
      'forgot password',
      () => forgotPassword({ email: 'a@b.es' }),
      'POST /auth/forgot-password',
      'Error al solicitar restablecimiento de contraseña.',
    ],
    [
      'reset password',
      () => resetPassword({ token: 't', password: '12345678' }),
      'POST /auth/reset-password',
      'Error al restablecer la contraseña. El token podría ser inválido o haber expirado.',
    ],
    [
      'invitations list',
      getInvitations,
      'GET /invitations',
      'Error al obtener la lista de invitaciones.',
    ],
    [
      'revoke',
      () => revokeInvitation(12),
      'DELETE /invitations/12',
      'Error al revocar la invitación 12.',
    ],
    [
      'role',
      () => updateUserRole({ id: 3, role: 'scouter' }),
      'PUT /admin/users/3/role',
      'Error al actualizar rol para usuario 3.',
    ],
  ])('falls back to the default message of the call (%s)', async (_, call, route, expected) => {
    quiet();
    stubApi({ [route]: [500, '<html>oops</html>'] });
    await expect(call()).rejects.toThrow(expected);
  });

  it("gives 'Error desconocido ...' messages when there is no HTTP answer", async () => {
    quiet();
    stubApi({
      'POST /auth/forgot-password': 'network-error',
      'POST /auth/reset-password': 'timeout',
      'POST /auth/login': 'network-error',
    });
    await expect(forgotPassword({ email: 'a@b.es' })).rejects.toThrow(
      'Error desconocido al solicitar restablecimiento.',
    );
    await expect(resetPassword({ token: 't', password: '12345678' })).rejects.toThrow(
      'Error desconocido al restablecer la contraseña.',
    );
    await expect(login({ email: 'a@b.es', password: 'x' })).rejects.toThrow(CLIENT_ERRORS.unknown);
  });

  it('keeps the per-field errors of a 400', async () => {
    quiet();
    stubApi({
      'PUT /admin/users/3/role': [
        400,
        {
          message: 'Los datos enviados no son válidos.',
          errors: [{ field: 'role', message: 'Rol seleccionado no válido.' }],
        },
      ],
    });
    await expect(updateUserRole({ id: 3, role: 'scouter' })).rejects.toMatchObject({
      message: 'Los datos enviados no son válidos.',
      status: 400,
      fieldErrors: [{ field: 'role', message: 'Rol seleccionado no válido.' }],
    });
  });
});

/** The real adapter: fetch (and XMLHttpRequest for uploads with progress) replaced by fakes. */
describe('api-client over fetch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
    });
  const stubFetch = (answer: (url: string, init: RequestInit) => Promise<Response> | Response) => {
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => answer(url, init));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };

  it('puts params in the query string, leaving out undefined and null, after any query of the url', async () => {
    const fetchMock = stubFetch(() => json(200, []));
    await api.get('/photos/album/1', {
      params: { page: 2, limit: 50, q: 'a b&c/ñ', none: undefined, nil: null },
    });
    await api.get('/news?limit=3', { params: { page: 1 } });
    await api.get('/albums');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/photos/album/1?page=2&limit=50&q=a+b%26c%2F%C3%B1',
      '/api/news?limit=3&page=1',
      '/api/albums',
    ]);
  });

  it('sends JSON bodies as JSON, FormData as-is (the browser writes the boundary), and no body when there is none', async () => {
    const fetchMock = stubFetch(() => json(200, { message: 'ok' }));
    await api.put('/admin/users/3/role', { role: 'scouter' });
    const form = new FormData();
    form.append('title', 'Campamento');
    await api.post('/albums/newAlbum', form);
    await api.delete('/profile/me', { data: { password: 'secreta' } });
    await api.post('/digest/unsubscribe', undefined, { params: { token: 't1' } });

    const [put, post, del, unsubscribe] = fetchMock.mock.calls.map(([, init]) => init);
    expect(put).toMatchObject({ method: 'PUT', body: '{"role":"scouter"}' });
    expect(put!.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(post!.method).toBe('POST');
    expect(post!.body).toBe(form);
    expect(post!.headers).not.toHaveProperty('Content-Type');
    expect(del).toMatchObject({ method: 'DELETE', body: '{"password":"secreta"}' });
    expect(unsubscribe!.body).toBeUndefined();
    expect(unsubscribe!.headers).not.toHaveProperty('Content-Type');
    expect(fetchMock.mock.calls[3]![0]).toBe('/api/digest/unsubscribe?token=t1');
  });

  it('sends the stored token as a Bearer header', async () => {
    const fetchMock = stubFetch(() => json(200, []));
    await getInvitations();
    const token = signIn();
    await getInvitations();
    const headers = fetchMock.mock.calls.map(([, init]) => init.headers as Record<string, string>);
    expect(headers[0]).not.toHaveProperty('Authorization');
    expect(headers[1]!.Authorization).toBe(`Bearer ${token}`);
  });

  it('resolves with status, parsed data and lower-case headers; an empty answer (204) is no error', async () => {
    stubFetch((url) =>
      url === '/api/profile/me/export'
        ? json(
            200,
            { profile: { name: 'Marta' } },
            { 'Content-Disposition': 'attachment; filename="fogata-mis-datos-2026-01-02.json"' },
          )
        : new Response(null, { status: 204 }),
    );
    const { blob, fileName } = await downloadMyData();
    expect(fileName).toBe('fogata-mis-datos-2026-01-02.json');
    expect(JSON.parse(await blob.text())).toEqual({ profile: { name: 'Marta' } });
    const empty = await api.delete('/invitations/4');
    expect(empty).toEqual({ status: 204, data: '', headers: {} });
    await expect(request(() => api.delete('/invitations/4'), 'fallo')).resolves.toBe('');
  });

  it("a 401 of a call with a session ends it (the event, 'Sesión expirada o inválida.'); a wrong password does not", async () => {
    signIn();
    stubFetch((url) =>
      json(401, {
        message: url.includes('/auth/')
          ? 'Email o contraseña incorrectos.'
          : 'Debes iniciar sesión.',
      }),
    );
    const onLogout = vi.fn();
    window.addEventListener(AUTH_LOGOUT_EVENT, onLogout);
    try {
      await expect(getInvitations()).rejects.toMatchObject({
        message: 'Sesión expirada o inválida.',
        status: 401,
      });
      expect(onLogout).toHaveBeenCalledTimes(1);
      await expect(login({ email: 'a@b.es', password: 'x' })).rejects.toThrow(
        'Email o contraseña incorrectos.',
      );
      expect(onLogout).toHaveBeenCalledTimes(1);
    } finally {
      window.removeEventListener(AUTH_LOGOUT_EVENT, onLogout);
    }
  });

  it('a 401 without a session shows the server message and emits nothing', async () => {
    quiet();
    stubFetch(() => json(401, { message: 'Debes iniciar sesión.' }));
    const onLogout = vi.fn();
    window.addEventListener(AUTH_LOGOUT_EVENT, onLogout);
    await expect(getInvitations()).rejects.toThrow('Debes iniciar sesión.');
    window.removeEventListener(AUTH_LOGOUT_EVENT, onLogout);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it("a body that is not JSON gives the call's fallback, with the status; 403 and 404 are warned", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch((url) =>
      url.endsWith('/12')
        ? new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
        : new Response('<html>Bad gateway</html>', {
            status: 502,
            headers: { 'Content-Type': 'text/html' },
          }),
    );
    await expect(getInvitations()).rejects.toMatchObject({
      message: 'Error al obtener la lista de invitaciones.',
      status: 502,
      fieldErrors: [],
    });
    expect(warn).not.toHaveBeenCalled();
    await expect(revokeInvitation(12)).rejects.toMatchObject({
      message: 'Error al revocar la invitación 12.',
      status: 404,
    });
    expect(warn).toHaveBeenCalledWith(
      'HTTP 404 en /invitations/12: Error al revocar la invitación 12.',
    );
  });

  it("no answer at all (network) gives the call's 'Error desconocido' message and logs it", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(forgotPassword({ email: 'a@b.es' })).rejects.toThrow(
      'Error desconocido al solicitar restablecimiento.',
    );
    await expect(getInvitations()).rejects.toMatchObject({
      message: CLIENT_ERRORS.unknown,
      status: undefined,
    });
    expect(error).toHaveBeenCalledWith('Sin respuesta del servidor (ERR_NETWORK): Network Error');
  });

  it('gives up after the SPEC time-out (60 s), not before, with the time-out message', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers();
    const fetchMock = stubFetch(
      (_, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal!.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
        }),
    );
    let settled = false;
    const call = getInvitations().finally(() => {
      settled = true;
    });
    const outcome = expect(call).rejects.toMatchObject({
      message: CLIENT_ERRORS.unknown,
      status: undefined,
    });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBe(false);
    expect((fetchMock.mock.calls[0]![1].signal as AbortSignal).aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(error).toHaveBeenCalledWith(
      'Sin respuesta del servidor (ECONNABORTED): timeout of 60000ms exceeded',
    );
  });

  it('an answer in time leaves no timer behind', async () => {
    vi.useFakeTimers();
    stubFetch(() => json(200, []));
    await getInvitations();
    expect(vi.getTimerCount()).toBe(0);
  });
});

/** A stand-in for XMLHttpRequest: the test drives progress and the answer. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  timeout = 0;
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  private responseHeaders = '';
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  send(body: unknown) {
    this.body = body;
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = 'Content-Type: application/json\r\nX-Request-Id: 7\r\n';
    this.onload?.();
  }
}

describe('api-client uploads with progress (XMLHttpRequest)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeXhr.last = undefined;
  });

  const files = [new File(['abc'], 'a.jpg', { type: 'image/jpeg' })];
  const result = { message: 'Se subió 1 foto.', uploaded: [], failures: [] };

  it('reports the percent sent, sends the form as-is with the token, and resolves with the answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const token = signIn();
    const progress: number[] = [];
    const upload = uploadPhotos({ albumId: 3, files, onProgress: (p) => progress.push(p) });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/photos/upload');
    expect(xhr.timeout).toBe(60_000);
    expect(xhr.headers.Authorization).toBe(`Bearer ${token}`);
    expect(xhr.headers).not.toHaveProperty('Content-Type');
    expect((xhr.body as FormData).get('albumId')).toBe('3');
    xhr.progress(25, 100);
    xhr.progress(50, 0, false);
    xhr.progress(100, 100);
    xhr.answer(201, result);
    await expect(upload).resolves.toEqual(result);
    expect(progress).toEqual([25, 100]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an upload that does not answer in time gives the unknown message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const upload = uploadPhotos({ albumId: 3, files, onProgress: () => {} });
    FakeXhr.last!.ontimeout?.();
    await expect(upload).rejects.toMatchObject({ message: CLIENT_ERRORS.unknown });
  });

  it('an HTTP error of an upload keeps its message (a 413 without JSON gets the fallback)', async () => {
    quiet();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const upload = uploadPhotos({ albumId: 3, files, onProgress: () => {} });
    const xhr = FakeXhr.last!;
    xhr.status = 413;
    xhr.responseText = '<html>Too large</html>';
    xhr.onload?.();
    await expect(upload).rejects.toMatchObject({
      message: CLIENT_ERRORS.photosUpload,
      status: 413,
    });
  });
});
