import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3210);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2626);
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 2727);
const controlPort = Number(process.env.E2E_CONTROL_PORT ?? 2627);
// A run beside another (npm test runs the PostgreSQL pass beside the SQLite one) keeps its files apart.
const output = process.env.E2E_OUTPUT ?? join(here, '..', '.output');

/** Where the browser tests' server, SMTP receiver and captured files live. */
export const E2E = {
  port,
  smtpPort,
  baseURL: `http://127.0.0.1:${port}`,
  /** The OpenID provider the server trusts (oidc-provider, with its own login page). */
  oidcIssuer: `http://127.0.0.1:${oidcPort}`,
  oidcPort,
  oidcClientId: 'fogata-e2e',
  /** Global setup's control server: stop/start the SMTP receiver, set provider accounts. */
  controlURL: `http://127.0.0.1:${controlPort}`,
  controlPort,
  groupName: 'Grupo Scout Fogata 1',
  root: join(here, '..', '..'),
  output,
  mailDir: join(output, 'mail'),
  serverLog: join(output, 'server.log'),
  firstAdminEmail: 'admin@fogata.local',
  /**
   * The server's database: '' (SQLite in its data directory), or a PostgreSQL URL for the specs
   * that run on both (`npm test -- e2e-pg`).
   */
  databaseUrl: process.env.E2E_DATABASE_URL ?? '',
};
