import type { APIRequestContext } from '@playwright/test';
import { firstStartLink, PASSWORD } from './app.js';
import { E2E } from './env.js';

async function control(path: string, body?: unknown) {
  const res = await fetch(`${E2E.controlURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`Control ${path}: ${res.status} ${await res.text()}`);
}

/**
 * Runs SQL statements in one transaction on the server's SQLite file (rows no call makes yet, or
 * too many to make through the API); returns the last statement's rows or its run result.
 */
export async function dbRun<T = unknown>(
  statements: { sql: string; params?: unknown[] }[],
): Promise<T> {
  const res = await fetch(`${E2E.controlURL}/db/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ statements }),
  });
  if (!res.ok) throw new Error(`Control /db/run: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Stops the SMTP receiver: the server's mail then fails to connect, like a mail server that is down. */
export const stopSmtp = () => control('/smtp/stop');
/** Starts the SMTP receiver again on the same port. */
export const startSmtp = () => control('/smtp/start');

/** Sets how the OpenID provider describes `email` (its name, whether the address is verified). */
export const setProviderAccount = (
  email: string,
  account: { name?: string; emailVerified?: boolean },
) => control('/oidc/account', { email, ...account });

/**
 * The first admin's e-mail, registering them through the first-start link if no earlier spec did
 * (so a spec file also runs on its own).
 */
export async function ensureFirstAdmin(request: APIRequestContext): Promise<string> {
  const email = E2E.firstAdminEmail;
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  if (login.status() === 200) return email;
  const invitation = new URL(firstStartLink()).searchParams.get('invitation')!;
  const reg = await request.post('/api/auth/register-invited', {
    data: { token: invitation, name: 'Marta Jefa de Grupo', password: PASSWORD },
  });
  if (reg.status() !== 201)
    throw new Error(`No se pudo registrar el primer admin: ${reg.status()}`);
  return email;
}
