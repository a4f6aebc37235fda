import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_LOGOUT_EVENT } from './api-client';
import { dispositionFileName, fetchFile } from './fetch-file';

afterEach(() => vi.unstubAllGlobals());

describe('fetchFile', () => {
  it('asks with the session and keeps the bytes and the file name', async () => {
    localStorage.setItem('authToken', 'abc');
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0x00]);
    const fetch = vi.fn(
      async () =>
        new Response(bytes, {
          headers: { 'content-disposition': 'attachment; filename="autorizacion-3.pdf"' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const { blob, fileName } = await fetchFile('/authorizations/3/pdf', 'Error al descargar.');
    expect(fetch).toHaveBeenCalledWith('/api/authorizations/3/pdf', {
      headers: { Authorization: 'Bearer abc' },
    });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect(fileName).toBe('autorizacion-3.pdf');
  });

  it("gives the server's Spanish message, else the call's own", async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ message: 'Autorización no encontrada.' }, { status: 404 }),
    );
    await expect(fetchFile('/authorizations/9/pdf', 'Error al descargar.')).rejects.toThrow(
      'Autorización no encontrada.',
    );
    vi.stubGlobal('fetch', async () => new Response('<html>', { status: 502 }));
    await expect(fetchFile('/authorizations/9/pdf', 'Error al descargar.')).rejects.toThrow(
      'Error al descargar.',
    );
  });

  it('ends the session on a 401', async () => {
    localStorage.setItem('authToken', 'abc');
    vi.stubGlobal('fetch', async () => new Response('', { status: 401 }));
    const logout = vi.fn();
    window.addEventListener(AUTH_LOGOUT_EVENT, logout);
    await expect(fetchFile('/x.ics', 'Error.')).rejects.toThrow('Sesión expirada o inválida.');
    expect(logout).toHaveBeenCalledTimes(1);
    window.removeEventListener(AUTH_LOGOUT_EVENT, logout);
  });

  it('takes only a plain file name from the header', () => {
    expect(dispositionFileName('attachment; filename="../etc/passwd"')).toBeNull();
    expect(dispositionFileName('attachment; filename=actividad-4.ics')).toBe('actividad-4.ics');
    expect(dispositionFileName(null)).toBeNull();
  });
});
