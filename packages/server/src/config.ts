import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/*
 * The configuration: one zod schema, `configSchema` below, over the environment. Each setting is
 * one line in it, naming its variable, how its text is parsed and checked (with the Spanish
 * message that stops the start) and its default; the `Config` type is what the schema outputs.
 * It is read once at start and pure: it makes no folder and writes no secret (start-up does,
 * startup.ts).
 */

const MINUTE = 60_000;
/** 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h: eight tries over about two days. */
export const MAIL_RETRY_DELAYS_MS = [1, 5, 30, 120, 360, 720, 1440].map((m) => m * MINUTE);

export const DEFAULT_GROUP = {
  name: 'Grupo Scout Fogata 1',
  address: 'Calle de la Hoguera 1, 28001 Madrid',
} as const;

type Env = Record<string, string | undefined>;

/** Every variable the schema reads, in the order it reads them (the README's table lists them). */
export const CONFIG_VARIABLES: string[] = [];

/**
 * One setting from the variable `name`, parsed by `schema` (which sees its text, or undefined);
 * a schema that names the variable in its message is given as a function of the name.
 */
export function variable<T extends z.ZodType>(name: string, schema: T | ((name: string) => T)) {
  CONFIG_VARIABLES.push(name);
  return z.preprocess(
    (env) => (env as Env)[name],
    typeof schema === 'function' ? schema(name) : schema,
  );
}

/**
 * Settings grouped under one key (`admin`, `digest`…), or the whole configuration: each of its
 * settings is handed the whole environment and picks its own variable from it.
 */
export function group<S extends z.ZodRawShape>(shape: S) {
  return z.preprocess(
    (env) => Object.fromEntries(Object.keys(shape).map((key) => [key, env])),
    z.object(shape),
  );
}

/**
 * A setting that is no variable: its value in production. Tests give another in their
 * configuration (testConfig): a cheaper scrypt, shorter waits, counters in memory.
 */
function fixed<T>(value: T) {
  return z.unknown().transform((): T => value);
}

/** A variable's text, trimmed; unset or blank is null. */
const envText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || null);

/** A whole number above 0, `fallback` when unset. */
export function positiveInt(fallback: number) {
  return (key: string) =>
    envText.transform((raw, ctx) => {
      if (raw === null) return fallback;
      const n = Number(raw);
      if (Number.isInteger(n) && n > 0) return n;
      ctx.addIssue({ code: 'custom', message: `${key} debe ser un entero positivo.` });
      return z.NEVER;
    });
}

/** A nice value, 0 (as the pages) to 19 (the lowest priority). */
function niceValue(fallback: number) {
  return (key: string) =>
    envText.transform((raw, ctx) => {
      if (raw === null) return fallback;
      const n = Number(raw);
      if (Number.isInteger(n) && n >= 0 && n <= 19) return n;
      ctx.addIssue({ code: 'custom', message: `${key} debe ser un entero de 0 a 19.` });
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

/** Seconds in the variable, milliseconds in the configuration. */
function seconds(fallback: number) {
  return (key: string) => positiveInt(fallback)(key).transform((s) => s * 1000);
}

/** A variable's text with a default. */
function text(fallback: string) {
  return envText.transform((value) => value ?? fallback);
}

/** A path, resolved against the working folder. */
function path(fallback: string | (() => string)) {
  const orDefault = typeof fallback === 'string' ? () => fallback : fallback;
  return envText.transform((value) => resolve(process.cwd(), value ?? orDefault()));
}

/** A web address without its trailing slashes; null when unset. */
const baseUrl = envText.transform((url) => url?.replace(/\/+$/, '') ?? null);

/** A text compared without case (an e-mail address); null when unset. */
const lowerCase = envText.transform((value) => value?.toLowerCase() ?? null);

/** A switch that is on only with `1`. */
const flag = envText.transform((value) => value === '1');

/** DIGEST_HOUR (8), DIGEST_TIMEZONE (Europe/Madrid) and DIGEST_CHECK_SECONDS (900). */
const digestSchema = group({
  hour: variable(
    'DIGEST_HOUR',
    envText.transform((raw, ctx) => {
      const hour = raw === null ? 8 : Number(raw);
      if (/^\d{1,2}$/.test(raw ?? '8') && hour <= 23) return hour;
      ctx.addIssue({ code: 'custom', message: 'DIGEST_HOUR debe ser una hora entera de 0 a 23.' });
      return z.NEVER;
    }),
  ),
  timeZone: variable(
    'DIGEST_TIMEZONE',
    envText.transform((raw, ctx) => {
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
  ),
  checkMs: variable('DIGEST_CHECK_SECONDS', seconds(900)),
});

const STORAGE_VARIABLES = [
  'STORAGE',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'AWS_REGION',
  'S3_FORCE_PATH_STYLE',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
] as const;
CONFIG_VARIABLES.push(...STORAGE_VARIABLES);

/**
 * STORAGE: `local` (the default: DATA_DIR/media…) or `s3`, which needs S3_BUCKET; S3_REGION (or
 * AWS_REGION) unless S3_ENDPOINT names another provider; S3_FORCE_PATH_STYLE, on by default with
 * an endpoint (MinIO and most others want it); the keys from AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, both or neither. The S3_* variables are ignored with local storage, so
 * they can be set while `npm run migrate-media` copies the files over. Credentials null: the
 * SDK's own chain (profile, role…). Several variables make one setting, so it reads them together.
 */
const storageSchema = z
  .object(
    Object.fromEntries(STORAGE_VARIABLES.map((name) => [name, envText])) as {
      [name in (typeof STORAGE_VARIABLES)[number]]: typeof envText;
    },
  )
  .transform((env, ctx) => {
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    const driver = env.STORAGE?.toLowerCase() ?? 'local';
    if (driver === 'local') return { driver: 'local' as const };
    if (driver !== 's3') return refuse('STORAGE debe ser local (por defecto) o s3.');
    const bucket = env.S3_BUCKET;
    if (!bucket) {
      return refuse(
        'STORAGE=s3 necesita S3_BUCKET: el nombre del bucket donde se guardan las fotos.',
      );
    }
    if (!/^[A-Za-z0-9._-]{3,63}$/.test(bucket)) {
      return refuse(
        'S3_BUCKET no es un nombre de bucket válido: de 3 a 63 letras, números, puntos o guiones.',
      );
    }
    const endpoint = env.S3_ENDPOINT;
    if (endpoint && !isWebUrl(endpoint)) {
      return refuse(
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
      return refuse('S3_FORCE_PATH_STYLE debe ser 1 o 0 (o true o false).');
    }
    const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = env;
    if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
      return refuse(
        'AWS_ACCESS_KEY_ID y AWS_SECRET_ACCESS_KEY van juntas: define las dos, o ninguna para usar las credenciales de la máquina (perfil o rol).',
      );
    }
    const sessionToken = env.AWS_SESSION_TOKEN;
    const credentials: {
      accessKeyId: string;
      secretAccessKey: string;
      sessionToken?: string;
    } | null =
      accessKeyId && secretAccessKey
        ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) }
        : null;
    return {
      driver: 's3' as const,
      bucket,
      region,
      /** Another provider than Amazon (MinIO, Garage…); null for Amazon S3. */
      endpoint: endpoint?.replace(/\/+$/, '') ?? null,
      forcePathStyle:
        pathStyle === null ? endpoint !== null : pathStyle === '1' || pathStyle === 'true',
      credentials,
    };
  });

/** The background face scan's pace; tests keep it out of the way and run it by hand. */
export interface FaceScanConfig {
  startMs: number;
  pauseMs: number;
  idleMs: number;
  leaseMs: number;
  retryMs: number;
}

/**
 * The configuration, in the order its values are checked: a start with several wrong values names
 * the first. A new variable is one line here (and one row in the README's table).
 */
const configSchema = group({
  port: variable('PORT', positiveInt(3000)),
  dataDir: variable('DATA_DIR', path('./data')),
  /** A postgres:// URL, or null for SQLite at `dataDir/fogata.db`. */
  databaseUrl: variable(
    'DATABASE_URL',
    envText.refine((url) => url === null || /^postgres(ql)?:\/\//.test(url), {
      message: 'DATABASE_URL debe empezar por postgres:// o postgresql://',
    }),
  ),
  group: group({
    name: variable('GROUP_NAME', text(DEFAULT_GROUP.name)),
    address: variable('GROUP_ADDRESS', text(DEFAULT_GROUP.address)),
    // The map is embedded in /whoweare and its origin allowed in the page's frame-src: only a web
    // address will do (never javascript: or data:).
    mapUrl: variable(
      'GROUP_MAP_URL',
      envText.refine((url) => url === null || isWebUrl(url), {
        message:
          'GROUP_MAP_URL debe ser una dirección http:// o https:// (la de un mapa para incrustar).',
      }),
    ),
  }),
  host: variable('HOST', text('0.0.0.0')),
  /** Unset: http://localhost:PORT (filled in below, from the port). */
  publicUrl: variable('PUBLIC_URL', baseUrl),
  /** JWT_SECRET, or null: then start-up keeps one in DATA_DIR (startup.ts). */
  jwtSecret: variable('JWT_SECRET', envText),
  /**
   * HEALTH_KEY: the key that seals the fichas sanitarias (32 bytes in base64), or null: then
   * start-up keeps one in DATA_DIR/health-key (startup.ts). Kept apart from the backups.
   */
  healthKey: variable('HEALTH_KEY', envText),
  smtpUrl: variable('SMTP_URL', envText),
  /** Unset: the group's name at no-reply@localhost (filled in below). */
  mailFrom: variable('MAIL_FROM', envText),
  admin: group({
    email: variable('ADMIN_EMAIL', lowerCase),
    password: variable('ADMIN_PASSWORD', envText),
    name: variable('ADMIN_NAME', text('Administrador')),
  }),
  /**
   * External sign-in; off without a client id. `cooldownMs`: the least time between two fetches
   * from the provider (after a failure, or for a key id it has not seen); tests shorten it.
   */
  oidc: group({
    issuer: variable('OIDC_ISSUER', text('https://accounts.google.com')),
    clientId: variable('OIDC_CLIENT_ID', envText),
    cooldownMs: fixed(30_000),
  }),
  invitationTtlDays: variable('INVITATION_TTL_DAYS', positiveInt(7)),
  /**
   * ALBUMS_DRAFT_BY_DEFAULT=1: a new album starts as a draft ('Publicar ahora' unchecked), for a
   * group that reviews every album before families see it (decision 018). Off by default.
   */
  albumsDraftByDefault: variable('ALBUMS_DRAFT_BY_DEFAULT', flag),
  /**
   * Tries allowed per minute and IP on each anonymous auth call: login (password or external),
   * forgot-password, reset-password and register-invited.
   */
  authRateLimit: variable('AUTH_RATE_LIMIT', positiveInt(10)),
  /**
   * Where the rate-limit counters live: the database (always, outside tests), so every app
   * instance on it counts the same tries; or this process's memory.
   */
  rateLimitStore: fixed<'database' | 'memory'>('database'),
  /**
   * Which hops of X-Forwarded-For are proxies, as Fastify takes it: none (false, the default: the
   * client is the socket's address), a number of hops, or the proxies' addresses and CIDRs. Never
   * `true`, which takes the leftmost address: the one the client writes itself.
   */
  trustProxy: variable('TRUST_PROXY', trustProxy),
  webDist: variable('WEB_DIST', path(defaultWebDist)),
  /** DEMO=1, or `--demo` on the command line (readConfig). */
  demo: variable('DEMO', flag),
  logLevel: variable('LOG_LEVEL', text('info')),
  /**
   * How often each instance checks that every public image shows what image consent allows today
   * (a change a hook missed, a 14th birthday; decision 085).
   */
  imageRecheckMs: variable('IMAGE_CONSENT_RECHECK_SECONDS', seconds(60)),
  /**
   * The face detector's processes' nice value (decisions 139, 212): the lowest priority unless given (0
   * for a test server on a machine busy with other work, where 19 would starve it).
   */
  faceDetectorNice: variable('FACE_DETECTOR_NICE', niceValue(19)),
  /**
   * libvips' threads' nice value (decision 193): below the pages, above the detector, unless
   * given (0 for a test server on a machine busy with other work). Above 0, the image work and
   * the detector also take turns with busy pages (decision 202).
   */
  imageNice: variable('IMAGE_NICE', niceValue(10)),
  /**
   * The e-mail digest (decision 022): how often each instance looks for members due one, and from
   * which hour (0–23, in `timeZone`) a day's digests go out. Tests and the browser tests shorten it.
   */
  digest: digestSchema,
  /** Where media lives (decision 017): DATA_DIR on the local disk, or an S3-compatible bucket. */
  storage: storageSchema,
  /** scrypt cost (N). Strong by default; tests lower it so the suite stays fast. */
  scryptCost: fixed(2 ** 15),
  /**
   * The mail queue's worker (decision 010): how often it looks for due mail (retries, mail queued
   * by another instance), and the waits between the tries of a failed message (one more try than
   * waits). Tests shorten both.
   */
  mailQueue: fixed({ pollMs: 30_000, retryDelaysMs: MAIL_RETRY_DELAYS_MS }),
  /** The background face scan's pace (decision 139); absent, its defaults. */
  faceScan: fixed<Partial<FaceScanConfig> | undefined>(undefined),
}).transform((config) => ({
  ...config,
  publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
  mailFrom: config.mailFrom ?? `"${config.group.name}" <no-reply@localhost>`,
}));

/** The configuration as the environment gives it: the JWT secret only when JWT_SECRET is set. */
export type EnvConfig = z.output<typeof configSchema>;
/** The configuration a start runs with: the JWT secret always there (startup.ts). */
export type Config = Omit<EnvConfig, 'jwtSecret' | 'healthKey'> & {
  jwtSecret: string;
  /** The sealing key's text (HEALTH_KEY or the key file), always there after start-up. */
  healthKey: string;
};
export type DigestConfig = z.output<typeof digestSchema>;
export type StorageConfig = z.output<typeof storageSchema>;

/** The first problem's message, as the Error that stops the start. */
function parseOrThrow<T>(schema: z.ZodType<T>, env: NodeJS.ProcessEnv): T {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new Error(parsed.error.issues[0]?.message ?? 'Configuración no válida.');
}

/** The digest's settings alone (its tests read them so). */
export function digestConfig(env: NodeJS.ProcessEnv): DigestConfig {
  return parseOrThrow(digestSchema, env);
}

/**
 * Reads the configuration from `env` and the command line (`--demo`), once, without touching the
 * disk: relative paths resolve against the working folder.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = []): EnvConfig {
  const config = parseOrThrow(configSchema, env);
  return argv.includes('--demo') ? { ...config, demo: true } : config;
}
