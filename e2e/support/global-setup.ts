import { type ChildProcess, spawn } from 'node:child_process';
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
// The same real OpenID provider the server tests use: oidc-provider with its own keys and login page.
import { startOidcProvider } from '../../packages/server/src/test/oidc-provider.js';
import { serverNodeFlags } from '../../packages/server/src/test/server-process.js';
import { E2E } from './env.js';

/**
 * Starts a real SMTP receiver (mail saved as JSON files), a real OpenID provider, a small control
 * server for the tests (stop/start the SMTP receiver, name provider accounts) and the built server
 * on an empty database.
 */
export default async function globalSetup() {
  rmSync(E2E.output, { recursive: true, force: true });
  mkdirSync(E2E.mailDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'fogata-e2e-'));

  let count = 0;
  const newSmtp = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            count += 1;
            const file = join(E2E.mailDir, `${String(count).padStart(4, '0')}.json`);
            const to = Array.isArray(mail.to)
              ? mail.to.flatMap((t) => t.value)
              : (mail.to?.value ?? []);
            // Written beside and renamed into place: a test reading the folder meanwhile never
            // meets a mail half written.
            writeFileSync(
              `${file}.part`,
              JSON.stringify({
                to: to.map((a) => a.address?.toLowerCase()),
                subject: mail.subject,
                text: mail.text,
                html: mail.html || '',
                attachments: mail.attachments.map((a) => ({
                  contentType: a.contentType,
                  cid: a.cid,
                  content: a.content.toString('base64'),
                })),
              }),
            );
            renameSync(`${file}.part`, file);
            callback();
          })
          .catch(callback);
      },
    });
  let smtp: SMTPServer | null = newSmtp();
  await new Promise<void>((res) => smtp!.listen(E2E.smtpPort, '127.0.0.1', () => res()));
  const stopSmtp = () =>
    new Promise<void>((res) => {
      if (!smtp) return res();
      smtp.close(() => res());
      smtp = null;
    });
  const startSmtp = async () => {
    if (smtp) return;
    smtp = newSmtp();
    await new Promise<void>((res) => smtp!.listen(E2E.smtpPort, '127.0.0.1', () => res()));
  };

  const oidc = await startOidcProvider({
    port: E2E.oidcPort,
    clientId: E2E.oidcClientId,
    redirectUris: [`${E2E.baseURL}/auth/callback`],
  });

  // Tests run in other processes: they reach the receiver and the provider through this.
  const control = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', async () => {
      try {
        if (req.method === 'POST' && req.url === '/smtp/stop') await stopSmtp();
        else if (req.method === 'POST' && req.url === '/smtp/start') await startSmtp();
        else if (req.method === 'POST' && req.url === '/db/run') {
          if (E2E.databaseUrl) {
            // The statements are SQLite's (its `?` parameters, its file): a spec that needs
            // them runs on SQLite only.
            res
              .writeHead(501)
              .end('/db/run solo funciona con SQLite (E2E_DATABASE_URL está puesto).');
            return;
          }
          // Rows the app has no call for yet, or too many to make through it (150 families):
          // statements run in one transaction on the server's own SQLite file; the last one's
          // rows (a SELECT) or its result come back.
          const { statements } = JSON.parse(body) as {
            statements: { sql: string; params?: unknown[] }[];
          };
          const db = new Database(join(dataDir, 'fogata.db'));
          db.pragma('busy_timeout = 5000');
          db.pragma('foreign_keys = ON');
          try {
            const result = db.transaction(() => {
              let last: unknown = null;
              for (const { sql, params = [] } of statements) {
                const statement = db.prepare(sql);
                last = statement.reader ? statement.all(...params) : statement.run(...params);
              }
              return last;
            })();
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify(result, (_k, v) => (typeof v === 'bigint' ? Number(v) : v)));
          } finally {
            db.close();
          }
          return;
        } else if (req.method === 'POST' && req.url === '/oidc/account') {
          const { email, name, emailVerified } = JSON.parse(body) as {
            email: string;
            name?: string;
            emailVerified?: boolean;
          };
          oidc.accounts.set(email, { name, emailVerified });
        } else {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(204).end();
      } catch (err) {
        res.writeHead(500).end(String(err));
      }
    });
  });
  await new Promise<void>((res) => control.listen(E2E.controlPort, '127.0.0.1', () => res()));

  const log = createWriteStream(E2E.serverLog);
  // The server starts as npm start starts it, with node's flags (decision 137).
  const serverArgs = [...serverNodeFlags(), 'packages/server/dist/server.js'];
  const server: ChildProcess = spawn(process.execPath, serverArgs, {
    cwd: E2E.root,
    env: {
      ...process.env,
      // SQLite in the data directory, unless a run on PostgreSQL asked for it (E2E_DATABASE_URL).
      DATABASE_URL: E2E.databaseUrl,
      PORT: String(E2E.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: E2E.baseURL,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
      MAIL_FROM: `"${E2E.groupName}" <no-reply@fogata.local>`,
      GROUP_NAME: E2E.groupName,
      AUTH_RATE_LIMIT: '1000',
      // The digest (decision 022): checked every second, from midnight, so it leaves at once.
      DIGEST_CHECK_SECONDS: '1',
      // Public images re-checked against image consent every second (decision 085).
      IMAGE_CONSENT_RECHECK_SECONDS: '1',
      // The face detector at the server's own priority: on a machine busy with other test runs,
      // the lowest would leave the uploads' faces waiting for minutes (decision 139).
      FACE_DETECTOR_NICE: '0',
      // Image work at the server's own priority too, for the same reason (decision 193).
      IMAGE_NICE: '0',
      DIGEST_HOUR: '0',
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: E2E.oidcClientId,
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`El servidor terminó al arrancar: ver ${E2E.serverLog}`);
    try {
      const res = await fetch(`${E2E.baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`El servidor no arrancó: ver ${E2E.serverLog}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await stopSmtp();
    await oidc.close();
    await new Promise<void>((r) => control.close(() => r()));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
