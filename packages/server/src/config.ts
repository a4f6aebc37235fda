import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/*
 * The configuration: one zod schema over the environment (DESIGN.md's table), read once at
 * start and pure: it makes no folder and writes no secret (start-up does, startup.ts). A value
 * it refuses stops the start with its Spanish message.
 */

/** Everything the server reads from its environment, resolved once. */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** A postgres:// URL, or null for SQLite at `dataDir/fogata.db`. */
  databaseUrl: string | null;
  /** JWT_SECRET, or the one start-up keeps in DATA_DIR (startup.ts). */
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
  /**
   * The background face scan's pace (issue #25, decision 076); absent, its defaults. Tests keep it
   * out of the way and run it by hand.
   */
  faceScan?: Partial<FaceScanConfig>;
  /**
   * Issue #25 (decision 085): how often each instance checks that every public image shows what
   * image consent allows today (a change a hook missed, a 14th birthday). 60 s unless given.
   */
  imageRecheckMs?: number;
  /**
   * The face detector's threads' nice value (decision 103): 19, the lowest priority, unless
   * given (0 for a test server on a machine busy with other work, where 19 would starve it).
   */
  faceDetectorNice?: number;
}

export interface FaceScanConfig {
  startMs: number;
  pauseMs: number;
  idleMs: number;
  leaseMs: number;
  retryMs: number;
}

export interface DigestConfig {
  checkMs: number;
  hour: number;
  timeZone: string;
}

/** The configuration as the environment gives it: the JWT secret only when JWT_SECRET is set. */
export type EnvConfig = Omit<Config, 'jwtSecret'> & { jwtSecret: string | null };

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

/** A variable's text, trimmed; unset or blank is null. */
const envText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || null);

/** A whole number above 0, `fallback` when unset. */
function positiveInt(key: string, fallback: number) {
  return envText.transform((raw, ctx) => {
    if (raw === null) return fallback;
    const n = Number(raw);
    if (Number.isInteger(n) && n > 0) return n;
    ctx.addIssue({ code: 'custom', message: `${key} debe ser un entero positivo.` });
    return z.NEVER;
  });
}

/** The built web app, next to the server whether it runs from src/ (tests) or dist/ (bundle). */
function defaultWebDist(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return resolve(here, '..', '..', 'web', 'dist');
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
const trustProxy = envText.transform((raw, ctx): false | number | string[] => {
  if (raw === null || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (/^\d{1,3}$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.every((entry) => isProxyAddress(entry))) return entries;
  const usage =
    'TRUST_PROXY debe ser el número de proxies inversos delante de Fogata (TRUST_PROXY=1 con uno solo) o sus direcciones o redes separadas por comas (p. ej. 10.0.0.5,172.16.0.0/12).';
  ctx.addIssue({
    code: 'custom',
    message:
      raw.toLowerCase() === 'true'
        ? `TRUST_PROXY=true ya no se admite: daría por buena la dirección que el cliente escribe en X-Forwarded-For. ${usage}`
        : usage,
  });
  return z.NEVER;
});

/** DIGEST_HOUR (8), DIGEST_TIMEZONE (Europe/Madrid) and DIGEST_CHECK_SECONDS (900). */
const digestShape = {
  DIGEST_HOUR: envText.transform((raw, ctx) => {
    const hour = raw === null ? 8 : Number(raw);
    if (/^\d{1,2}$/.test(raw ?? '8') && hour <= 23) return hour;
    ctx.addIssue({ code: 'custom', message: 'DIGEST_HOUR debe ser una hora entera de 0 a 23.' });
    return z.NEVER;
  }),
  DIGEST_TIMEZONE: envText.transform((raw, ctx) => {
    const timeZone = raw ?? 'Europe/Madrid';
    try {
      new Intl.DateTimeFormat('es', { timeZone });
      return timeZone;
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'DIGEST_TIMEZONE debe ser una zona horaria IANA, como Europe/Madrid.',
      });
      return z.NEVER;
    }
  }),
  DIGEST_CHECK_SECONDS: positiveInt('DIGEST_CHECK_SECONDS', 900),
};

function toDigest(env: z.output<z.ZodObject<typeof digestShape>>): DigestConfig {
  return {
    checkMs: env.DIGEST_CHECK_SECONDS * 1000,
    hour: env.DIGEST_HOUR,
    timeZone: env.DIGEST_TIMEZONE,
  };
}

const storageShape = {
  STORAGE: envText,
  S3_BUCKET: envText,
  S3_ENDPOINT: envText,
  S3_REGION: envText,
  AWS_REGION: envText,
  S3_FORCE_PATH_STYLE: envText,
  AWS_ACCESS_KEY_ID: envText,
  AWS_SECRET_ACCESS_KEY: envText,
  AWS_SESSION_TOKEN: envText,
};

/**
 * STORAGE: `local` (the default: DATA_DIR/media…) or `s3`, which needs S3_BUCKET; S3_REGION (or
 * AWS_REGION) unless S3_ENDPOINT names another provider; S3_FORCE_PATH_STYLE, on by default with
 * an endpoint (MinIO and most others want it); the keys from AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, both or neither. The S3_* variables are ignored with local storage, so
 * they can be set while `npm run migrate-media` copies the files over.
 */
function toStorage(
  env: z.output<z.ZodObject<typeof storageShape>>,
  refuse: (message: string) => never,
): StorageConfig {
  const driver = env.STORAGE?.toLowerCase() ?? 'local';
  if (driver === 'local') return { driver: 'local' };
  if (driver !== 's3') refuse('STORAGE debe ser local (por defecto) o s3.');
  const bucket = env.S3_BUCKET;
  if (!bucket) {
    return refuse(
      'STORAGE=s3 necesita S3_BUCKET: el nombre del bucket donde se guardan las fotos.',
    );
  }
  if (!/^[A-Za-z0-9._-]{3,63}$/.test(bucket)) {
    refuse(
      'S3_BUCKET no es un nombre de bucket válido: de 3 a 63 letras, números, puntos o guiones.',
    );
  }
  const endpoint = env.S3_ENDPOINT;
  if (endpoint && !isWebUrl(endpoint)) {
    refuse(
      'S3_ENDPOINT debe ser una dirección http:// o https:// (p. ej. http://127.0.0.1:9000 para MinIO).',
    );
  }
  const region = env.S3_REGION ?? env.AWS_REGION ?? (endpoint ? 'us-east-1' : null);
  if (!region) {
    return refuse(
      'STORAGE=s3 necesita S3_REGION con Amazon S3 (p. ej. eu-south-2), o S3_ENDPOINT con la dirección de otro proveedor.',
    );
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE?.toLowerCase() ?? null;
  if (pathStyle !== null && !['1', '0', 'true', 'false'].includes(pathStyle)) {
    refuse('S3_FORCE_PATH_STYLE debe ser 1 o 0 (o true o false).');
  }
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    refuse(
      'AWS_ACCESS_KEY_ID y AWS_SECRET_ACCESS_KEY van juntas: define las dos, o ninguna para usar las credenciales de la máquina (perfil o rol).',
    );
  }
  const sessionToken = env.AWS_SESSION_TOKEN;
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

/**
 * The environment Fogata reads, in the order its values are checked: a start with several wrong
 * values names the first.
 */
const envSchema = z.object({
  PORT: positiveInt('PORT', 3000),
  DATA_DIR: envText,
  DATABASE_URL: envText.refine((url) => url === null || /^postgres(ql)?:\/\//.test(url), {
    message: 'DATABASE_URL debe empezar por postgres:// o postgresql://',
  }),
  GROUP_NAME: envText,
  GROUP_ADDRESS: envText,
  // The map is embedded in /whoweare and its origin allowed in the page's frame-src: only a web
  // address will do (never javascript: or data:).
  GROUP_MAP_URL: envText.refine((url) => url === null || isWebUrl(url), {
    message:
      'GROUP_MAP_URL debe ser una dirección http:// o https:// (la de un mapa para incrustar).',
  }),
  HOST: envText,
  PUBLIC_URL: envText,
  JWT_SECRET: envText,
  SMTP_URL: envText,
  MAIL_FROM: envText,
  ADMIN_EMAIL: envText,
  ADMIN_PASSWORD: envText,
  ADMIN_NAME: envText,
  OIDC_ISSUER: envText,
  OIDC_CLIENT_ID: envText,
  INVITATION_TTL_DAYS: positiveInt('INVITATION_TTL_DAYS', 7),
  ALBUMS_DRAFT_BY_DEFAULT: envText,
  AUTH_RATE_LIMIT: positiveInt('AUTH_RATE_LIMIT', 10),
  TRUST_PROXY: trustProxy,
  WEB_DIST: envText,
  DEMO: envText,
  LOG_LEVEL: envText,
  IMAGE_CONSENT_RECHECK_SECONDS: positiveInt('IMAGE_CONSENT_RECHECK_SECONDS', 60),
  FACE_DETECTOR_NICE: envText.transform((raw, ctx) => {
    if (raw === null) return 19;
    const n = Number(raw);
    if (Number.isInteger(n) && n >= 0 && n <= 19) return n;
    ctx.addIssue({ code: 'custom', message: 'FACE_DETECTOR_NICE debe ser un entero de 0 a 19.' });
    return z.NEVER;
  }),
  ...digestShape,
  ...storageShape,
});

/** The first problem's message, as the Error that stops the start. */
function parseOrThrow<T>(schema: z.ZodType<T>, env: NodeJS.ProcessEnv): T {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new Error(parsed.error.issues[0]?.message ?? 'Configuración no válida.');
}

/** The digest's settings alone (its tests read them so). */
export function digestConfig(env: NodeJS.ProcessEnv): DigestConfig {
  return toDigest(parseOrThrow(z.object(digestShape), env));
}

/**
 * Reads the configuration from `env` and the command line (`--demo`), once, without touching the
 * disk: relative paths resolve against the working folder.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = []): EnvConfig {
  const e = parseOrThrow(envSchema, env);
  const storage = toStorage(e, (message) => {
    throw new Error(message);
  });
  const groupName = e.GROUP_NAME ?? DEFAULT_GROUP.name;
  return {
    port: e.PORT,
    host: e.HOST ?? '0.0.0.0',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: resolve(process.cwd(), e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `"${groupName}" <no-reply@localhost>`,
    admin: {
      email: e.ADMIN_EMAIL?.toLowerCase() ?? null,
      password: e.ADMIN_PASSWORD,
      name: e.ADMIN_NAME ?? 'Administrador',
    },
    oidc: {
      issuer: e.OIDC_ISSUER ?? 'https://accounts.google.com',
      clientId: e.OIDC_CLIENT_ID,
      cooldownMs: 30_000,
    },
    group: {
      name: groupName,
      address: e.GROUP_ADDRESS ?? DEFAULT_GROUP.address,
      mapUrl: e.GROUP_MAP_URL,
    },
    invitationTtlDays: e.INVITATION_TTL_DAYS,
    albumsDraftByDefault: e.ALBUMS_DRAFT_BY_DEFAULT === '1',
    authRateLimit: e.AUTH_RATE_LIMIT,
    rateLimitStore: 'database',
    trustProxy: e.TRUST_PROXY,
    webDist: resolve(process.cwd(), e.WEB_DIST ?? defaultWebDist()),
    demo: argv.includes('--demo') || e.DEMO === '1',
    scryptCost: 2 ** 15,
    mailQueue: { pollMs: 30_000, retryDelaysMs: MAIL_RETRY_DELAYS_MS },
    digest: toDigest(e),
    storage,
    logLevel: e.LOG_LEVEL ?? 'info',
    imageRecheckMs: e.IMAGE_CONSENT_RECHECK_SECONDS * 1000,
    faceDetectorNice: e.FACE_DETECTOR_NICE,
  };
}
