import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the server reads from its environment, resolved once. */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** A postgres:// URL, or null for SQLite at `dataDir/fogata.db`. */
  databaseUrl: string | null;
  jwtSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  admin: { email: string | null; password: string | null; name: string };
  /**
   * External sign-in; off without a client id. `cooldownMs`: the least time between two fetches
   * from the provider (after a failure, or for a key id it has not seen); tests shorten it.
   */
  oidc: { issuer: string; clientId: string | null; cooldownMs: number };
  group: { name: string; address: string; mapUrl: string | null };
  invitationTtlDays: number;
  /**
   * ALBUMS_DRAFT_BY_DEFAULT=1: a new album starts as a draft ('Publicar ahora' unchecked), for a
   * group that reviews every album before families see it (decision 018). Off by default.
   */
  albumsDraftByDefault: boolean;
  /**
   * Tries allowed per minute and IP on each anonymous auth call: login (password or external),
   * forgot-password, reset-password and register-invited.
   */
  authRateLimit: number;
  /**
   * Where the rate-limit counters live: the database (always, outside tests), so every app
   * instance on it counts the same tries; or this process's memory.
   */
  rateLimitStore: 'database' | 'memory';
  /**
   * Which hops of X-Forwarded-For are proxies, as Fastify takes it: none (false, the default: the
   * client is the socket's address), a number of hops, or the proxies' addresses and CIDRs. Never
   * `true`, which takes the leftmost address: the one the client writes itself.
   */
  trustProxy: false | number | string[];
  webDist: string;
  demo: boolean;
  /** scrypt cost (N). Strong by default; tests lower it so the suite stays fast. */
  scryptCost: number;
  /**
   * The mail queue's worker (decision 010): how often it looks for due mail (retries, mail queued
   * by another instance), and the waits between the tries of a failed message (one more try than
   * waits). Tests shorten both.
   */
  mailQueue: { pollMs: number; retryDelaysMs: number[] };
  /**
   * The e-mail digest (decision 022): how often each instance looks for members due one, and from
   * which hour (0–23, in `timeZone`) a day's digests go out. Tests and the browser tests shorten it.
   */
  digest: DigestConfig;
  /** Where media lives (decision 017): DATA_DIR on the local disk, or an S3-compatible bucket. */
  storage: StorageConfig;
  logLevel: string;
}

export interface DigestConfig {
  checkMs: number;
  hour: number;
  timeZone: string;
}

/** DIGEST_CHECK_SECONDS (900), DIGEST_HOUR (8) and DIGEST_TIMEZONE (Europe/Madrid). */
export function digestConfig(env: NodeJS.ProcessEnv): DigestConfig {
  const hourText = text(env, 'DIGEST_HOUR');
  const hour = hourText === null ? 8 : Number(hourText);
  if (!/^\d{1,2}$/.test(hourText ?? '8') || hour > 23) {
    throw new Error('DIGEST_HOUR debe ser una hora entera de 0 a 23.');
  }
  const timeZone = text(env, 'DIGEST_TIMEZONE') ?? 'Europe/Madrid';
  try {
    new Intl.DateTimeFormat('es', { timeZone });
  } catch {
    throw new Error('DIGEST_TIMEZONE debe ser una zona horaria IANA, como Europe/Madrid.');
  }
  return { checkMs: positiveInt(env, 'DIGEST_CHECK_SECONDS', 900) * 1000, hour, timeZone };
}

/** STORAGE and its S3_* companions; credentials null: the SDK's own chain (profile, role…). */
export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      /** Another provider than Amazon (MinIO, Garage…); null for Amazon S3. */
      endpoint: string | null;
      forcePathStyle: boolean;
      credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
    };

const MINUTE = 60_000;
/** 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h: eight tries over about two days. */
export const MAIL_RETRY_DELAYS_MS = [1, 5, 30, 120, 360, 720, 1440].map((m) => m * MINUTE);

export const DEFAULT_GROUP = {
  name: 'Grupo Scout Fogata 1',
  address: 'Calle de la Hoguera 1, 28001 Madrid',
} as const;

function text(env: NodeJS.ProcessEnv, key: string): string | null {
  const value = env[key]?.trim();
  return value ? value : null;
}

function positiveInt(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const raw = text(env, key);
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${key} debe ser un entero positivo.`);
  return n;
}

/** The built web app, next to the server whether it runs from src/ (tests) or dist/ (bundle). */
function defaultWebDist(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return resolve(here, '..', '..', 'web', 'dist');
}

/**
 * The JWT secret: JWT_SECRET when set, else one generated on first start and kept in DATA_DIR,
 * so sessions survive restarts without any setup.
 */
export function loadJwtSecret(dataDir: string, fromEnv: string | null): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function isWebUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Names proxy-addr knows for whole ranges: 127.0.0.0/8 and ::1, 169.254.0.0/16, private nets. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IP address, a CIDR (`10.0.0.0/8`) or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: how many reverse proxies stand in front (`1` for the usual single one: the address
 * it appends to X-Forwarded-For is the client's), or their addresses and CIDRs separated by
 * commas. Unset, `0` or `false`: none. Either way a client cannot pick its own address, and so
 * cannot dodge the login limit by writing the header itself.
 */
function trustProxy(env: NodeJS.ProcessEnv): false | number | string[] {
  const raw = text(env, 'TRUST_PROXY');
  if (raw === null || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (/^\d{1,3}$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.every((entry) => isProxyAddress(entry))) return entries;
  const usage =
    'TRUST_PROXY debe ser el número de proxies inversos delante de Fogata (TRUST_PROXY=1 con uno solo) o sus direcciones o redes separadas por comas (p. ej. 10.0.0.5,172.16.0.0/12).';
  throw new Error(
    raw.toLowerCase() === 'true'
      ? `TRUST_PROXY=true ya no se admite: daría por buena la dirección que el cliente escribe en X-Forwarded-For. ${usage}`
      : usage,
  );
}

/**
 * STORAGE: `local` (the default: DATA_DIR/media…) or `s3`, which needs S3_BUCKET; S3_REGION (or
 * AWS_REGION) unless S3_ENDPOINT names another provider; S3_FORCE_PATH_STYLE, on by default with
 * an endpoint (MinIO and most others want it); the keys from AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, both or neither. The S3_* variables are ignored with local storage, so
 * they can be set while `npm run migrate-media` copies the files over.
 */
export function storageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const driver = text(env, 'STORAGE')?.toLowerCase() ?? 'local';
  if (driver === 'local') return { driver: 'local' };
  if (driver !== 's3') throw new Error('STORAGE debe ser local (por defecto) o s3.');
  const bucket = text(env, 'S3_BUCKET');
  if (!bucket) {
    throw new Error(
      'STORAGE=s3 necesita S3_BUCKET: el nombre del bucket donde se guardan las fotos.',
    );
  }
  if (!/^[A-Za-z0-9._-]{3,63}$/.test(bucket)) {
    throw new Error(
      'S3_BUCKET no es un nombre de bucket válido: de 3 a 63 letras, números, puntos o guiones.',
    );
  }
  const endpoint = text(env, 'S3_ENDPOINT');
  if (endpoint && !isWebUrl(endpoint)) {
    throw new Error(
      'S3_ENDPOINT debe ser una dirección http:// o https:// (p. ej. http://127.0.0.1:9000 para MinIO).',
    );
  }
  const region =
    text(env, 'S3_REGION') ?? text(env, 'AWS_REGION') ?? (endpoint ? 'us-east-1' : null);
  if (!region) {
    throw new Error(
      'STORAGE=s3 necesita S3_REGION con Amazon S3 (p. ej. eu-south-2), o S3_ENDPOINT con la dirección de otro proveedor.',
    );
  }
  const pathStyle = text(env, 'S3_FORCE_PATH_STYLE')?.toLowerCase() ?? null;
  if (pathStyle !== null && !['1', '0', 'true', 'false'].includes(pathStyle)) {
    throw new Error('S3_FORCE_PATH_STYLE debe ser 1 o 0 (o true o false).');
  }
  const accessKeyId = text(env, 'AWS_ACCESS_KEY_ID');
  const secretAccessKey = text(env, 'AWS_SECRET_ACCESS_KEY');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error(
      'AWS_ACCESS_KEY_ID y AWS_SECRET_ACCESS_KEY van juntas: define las dos, o ninguna para usar las credenciales de la máquina (perfil o rol).',
    );
  }
  const sessionToken = text(env, 'AWS_SESSION_TOKEN');
  return {
    driver: 's3',
    bucket,
    region,
    endpoint: endpoint?.replace(/\/+$/, '') ?? null,
    forcePathStyle:
      pathStyle === null ? endpoint !== null : pathStyle === '1' || pathStyle === 'true',
    credentials:
      accessKeyId && secretAccessKey
        ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) }
        : null,
  };
}

/** Reads the configuration from `env` (DESIGN.md's table). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = []): Config {
  const port = positiveInt(env, 'PORT', 3000);
  const dataDir = resolve(process.cwd(), text(env, 'DATA_DIR') ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL debe empezar por postgres:// o postgresql://');
  }
  const groupName = text(env, 'GROUP_NAME') ?? DEFAULT_GROUP.name;
  // The map is embedded in /whoweare and its origin allowed in the page's frame-src: only a web
  // address will do (never javascript: or data:).
  const mapUrl = text(env, 'GROUP_MAP_URL');
  if (mapUrl && !isWebUrl(mapUrl)) {
    throw new Error(
      'GROUP_MAP_URL debe ser una dirección http:// o https:// (la de un mapa para incrustar).',
    );
  }
  return {
    port,
    host: text(env, 'HOST') ?? '0.0.0.0',
    publicUrl: (text(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl,
    jwtSecret: loadJwtSecret(dataDir, text(env, 'JWT_SECRET')),
    smtpUrl: text(env, 'SMTP_URL'),
    mailFrom: text(env, 'MAIL_FROM') ?? `"${groupName}" <no-reply@localhost>`,
    admin: {
      email: text(env, 'ADMIN_EMAIL')?.toLowerCase() ?? null,
      password: text(env, 'ADMIN_PASSWORD'),
      name: text(env, 'ADMIN_NAME') ?? 'Administrador',
    },
    oidc: {
      issuer: text(env, 'OIDC_ISSUER') ?? 'https://accounts.google.com',
      clientId: text(env, 'OIDC_CLIENT_ID'),
      cooldownMs: 30_000,
    },
    group: {
      name: groupName,
      address: text(env, 'GROUP_ADDRESS') ?? DEFAULT_GROUP.address,
      mapUrl,
    },
    invitationTtlDays: positiveInt(env, 'INVITATION_TTL_DAYS', 7),
    albumsDraftByDefault: text(env, 'ALBUMS_DRAFT_BY_DEFAULT') === '1',
    authRateLimit: positiveInt(env, 'AUTH_RATE_LIMIT', 10),
    rateLimitStore: 'database',
    trustProxy: trustProxy(env),
    webDist: resolve(process.cwd(), text(env, 'WEB_DIST') ?? defaultWebDist()),
    demo: argv.includes('--demo') || text(env, 'DEMO') === '1',
    scryptCost: 2 ** 15,
    mailQueue: { pollMs: 30_000, retryDelaysMs: MAIL_RETRY_DELAYS_MS },
    digest: digestConfig(env),
    storage: storageConfig(env),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
  };
}
