import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CONFIG_VARIABLES,
  DEFAULT_GROUP,
  group,
  MAIL_RETRY_DELAYS_MS,
  positiveInt,
  readConfig,
  variable,
} from './config.js';
import { loadConfig } from './startup.js';

const dataDir = mkdtempSync(join(tmpdir(), 'fogata-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('GROUP_MAP_URL', () => {
  it('is unset by default: no map is embedded', () => {
    expect(load({}).group.mapUrl).toBeNull();
  });

  it('takes a web address', () => {
    const url = 'https://www.openstreetmap.org/export/embed.html?bbox=-4.13,40.94,-4.11,40.95';
    expect(load({ GROUP_MAP_URL: url }).group.mapUrl).toBe(url);
    expect(load({ GROUP_MAP_URL: 'http://mapas.local/local' }).group.mapUrl).toBe(
      'http://mapas.local/local',
    );
  });

  it.each(['javascript:alert(1)', 'data:text/html,<p>mapa</p>', 'www.openstreetmap.org/export'])(
    'refuses %s with a Spanish message',
    (value) => {
      expect(() => load({ GROUP_MAP_URL: value })).toThrow(
        'GROUP_MAP_URL debe ser una dirección http:// o https:// (la de un mapa para incrustar).',
      );
    },
  );
});

describe('FACE_DETECTOR_NICE', () => {
  it('is the lowest priority by default, and takes 0 to 19', () => {
    expect(load({}).faceDetectorNice).toBe(19);
    expect(load({ FACE_DETECTOR_NICE: '0' }).faceDetectorNice).toBe(0);
    expect(load({ FACE_DETECTOR_NICE: '10' }).faceDetectorNice).toBe(10);
  });

  it.each(['-1', '20', '5.5', 'baja'])('refuses %s with a Spanish message', (value) => {
    expect(() => load({ FACE_DETECTOR_NICE: value })).toThrow(
      'FACE_DETECTOR_NICE debe ser un entero de 0 a 19.',
    );
  });
});

describe('IMAGE_NICE', () => {
  it('is below the pages and above the detector by default, and takes 0 to 19', () => {
    expect(load({}).imageNice).toBe(10);
    expect(load({ IMAGE_NICE: '0' }).imageNice).toBe(0);
    expect(load({ IMAGE_NICE: '19' }).imageNice).toBe(19);
  });

  it.each(['-1', '20', 'alta'])('refuses %s with a Spanish message', (value) => {
    expect(() => load({ IMAGE_NICE: value })).toThrow('IMAGE_NICE debe ser un entero de 0 a 19.');
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, 0 or false', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('takes a number of proxy hops', () => {
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
  });

  it('takes the proxies’ addresses and CIDRs, separated by commas', () => {
    expect(load({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(load({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,fd00::/8,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '172.16.0.0/12',
      'fd00::/8',
      '::1',
    ]);
    expect(load({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual([
      'loopback',
      'uniquelocal',
    ]);
  });

  it('refuses true, which would take the address the client writes, saying what to set', () => {
    for (const value of ['true', 'TRUE']) {
      expect(() => load({ TRUST_PROXY: value })).toThrow(
        /^TRUST_PROXY=true ya no se admite: .*\(TRUST_PROXY=1 con uno solo\)/,
      );
    }
  });

  it.each(['yes', '10.0.0.300', '10.0.0.0/33', '10.0.0.1,', 'proxy.local', '1e3', '-1', '1000'])(
    'refuses %s with a Spanish message',
    (value) => {
      expect(() => load({ TRUST_PROXY: value })).toThrow(
        'TRUST_PROXY debe ser el número de proxies inversos delante de Fogata (TRUST_PROXY=1 con uno solo) o sus direcciones o redes separadas por comas (p. ej. 10.0.0.5,172.16.0.0/12).',
      );
    },
  );
});

describe('STORAGE', () => {
  const s3 = { STORAGE: 's3', S3_BUCKET: 'fotos-grupo' };

  it('is the local disk by default, whatever S3_* says (set while migrate-media copies)', () => {
    expect(load({}).storage).toEqual({ driver: 'local' });
    expect(load({ STORAGE: 'local', S3_BUCKET: 'fotos-grupo' }).storage).toEqual({
      driver: 'local',
    });
  });

  it('takes an Amazon bucket with its region and the standard AWS keys', () => {
    expect(
      load({
        ...s3,
        STORAGE: 'S3',
        S3_REGION: 'eu-south-2',
        AWS_ACCESS_KEY_ID: 'AKIAEJEMPLO',
        AWS_SECRET_ACCESS_KEY: 'secreto',
      }).storage,
    ).toEqual({
      driver: 's3',
      bucket: 'fotos-grupo',
      region: 'eu-south-2',
      endpoint: null,
      forcePathStyle: false,
      credentials: { accessKeyId: 'AKIAEJEMPLO', secretAccessKey: 'secreto' },
    });
    // The region may come from AWS_REGION; no keys: the SDK's own chain (profile, role…).
    expect(load({ ...s3, AWS_REGION: 'eu-west-1' }).storage).toMatchObject({
      region: 'eu-west-1',
      credentials: null,
    });
    expect(
      load({
        ...s3,
        S3_REGION: 'eu-west-1',
        AWS_ACCESS_KEY_ID: 'A',
        AWS_SECRET_ACCESS_KEY: 'B',
        AWS_SESSION_TOKEN: 'T',
      }).storage,
    ).toMatchObject({ credentials: { accessKeyId: 'A', secretAccessKey: 'B', sessionToken: 'T' } });
  });

  it('takes another provider by its endpoint: path-style and us-east-1 unless said otherwise', () => {
    expect(load({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000/' }).storage).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(
      load({
        ...s3,
        S3_ENDPOINT: 'https://s3.garage.local',
        S3_REGION: 'garage',
        S3_FORCE_PATH_STYLE: 'false',
      }).storage,
    ).toMatchObject({ region: 'garage', forcePathStyle: false });
    expect(load({ ...s3, S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: '1' }).storage).toMatchObject(
      { forcePathStyle: true },
    );
  });

  it.each([
    [{ STORAGE: 'disco' }, 'STORAGE debe ser local (por defecto) o s3.'],
    [
      { STORAGE: 's3', S3_REGION: 'eu-west-1' },
      'STORAGE=s3 necesita S3_BUCKET: el nombre del bucket donde se guardan las fotos.',
    ],
    [
      { ...s3, S3_BUCKET: 'fotos/grupo', S3_REGION: 'eu-west-1' },
      'S3_BUCKET no es un nombre de bucket válido: de 3 a 63 letras, números, puntos o guiones.',
    ],
    [
      s3,
      'STORAGE=s3 necesita S3_REGION con Amazon S3 (p. ej. eu-south-2), o S3_ENDPOINT con la dirección de otro proveedor.',
    ],
    [
      { ...s3, S3_ENDPOINT: '127.0.0.1:9000' },
      'S3_ENDPOINT debe ser una dirección http:// o https:// (p. ej. http://127.0.0.1:9000 para MinIO).',
    ],
    [
      { ...s3, S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'sí' },
      'S3_FORCE_PATH_STYLE debe ser 1 o 0 (o true o false).',
    ],
    [
      { ...s3, S3_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: 'AKIAEJEMPLO' },
      'AWS_ACCESS_KEY_ID y AWS_SECRET_ACCESS_KEY van juntas: define las dos, o ninguna para usar las credenciales de la máquina (perfil o rol).',
    ],
    [
      { ...s3, S3_REGION: 'eu-west-1', AWS_SECRET_ACCESS_KEY: 'secreto' },
      'AWS_ACCESS_KEY_ID y AWS_SECRET_ACCESS_KEY van juntas',
    ],
  ])('refuses %o at start-up with a Spanish message', (env, message) => {
    expect(() => load(env)).toThrow(message);
  });
});

describe('reading the configuration', () => {
  it('touches no disk: DATA_DIR and the secret are start-up’s (startup.ts)', () => {
    const missing = join(dataDir, 'sin-crear');
    const config = readConfig({ DATA_DIR: missing });
    expect(config.dataDir).toBe(missing);
    expect(config.jwtSecret).toBeNull();
    expect(existsSync(missing)).toBe(false);
    const ready = loadConfig({ DATA_DIR: missing });
    expect(existsSync(join(missing, 'jwt-secret'))).toBe(true);
    expect(loadConfig({ DATA_DIR: missing }).jwtSecret).toBe(ready.jwtSecret);
  });
});

describe('the schema', () => {
  it('gives every default when the environment says nothing', () => {
    const { webDist, ...config } = readConfig({ DATA_DIR: dataDir });
    expect(webDist).toMatch(/web[/\\]dist$/);
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir,
      databaseUrl: null,
      healthKey: null,
      jwtSecret: null,
      smtpUrl: null,
      mailFrom: `"${DEFAULT_GROUP.name}" <no-reply@localhost>`,
      admin: { email: null, password: null, name: 'Administrador' },
      oidc: { issuer: 'https://accounts.google.com', clientId: null, cooldownMs: 30_000 },
      group: { name: DEFAULT_GROUP.name, address: DEFAULT_GROUP.address, mapUrl: null },
      invitationTtlDays: 7,
      albumsDraftByDefault: false,
      authRateLimit: 10,
      rateLimitStore: 'database',
      trustProxy: false,
      demo: false,
      logLevel: 'info',
      imageRecheckMs: 60_000,
      faceDetectorNice: 19,
      imageNice: 10,
      digest: { hour: 8, timeZone: 'Europe/Madrid', checkMs: 900_000 },
      storage: { driver: 'local' },
      scryptCost: 2 ** 15,
      mailQueue: { pollMs: 30_000, retryDelaysMs: MAIL_RETRY_DELAYS_MS },
      faceScan: undefined,
    });
  });

  it('derives, trims and converts what the environment gives', () => {
    const config = readConfig(
      {
        DATA_DIR: dataDir,
        PORT: '8080',
        GROUP_NAME: ' Grupo Scout Roble ',
        ADMIN_EMAIL: 'Jefa@Ejemplo.ES',
        ALBUMS_DRAFT_BY_DEFAULT: '1',
        IMAGE_CONSENT_RECHECK_SECONDS: '5',
        DIGEST_CHECK_SECONDS: '2',
      },
      ['--demo'],
    );
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'http://localhost:8080',
      mailFrom: '"Grupo Scout Roble" <no-reply@localhost>',
      admin: { email: 'jefa@ejemplo.es' },
      albumsDraftByDefault: true,
      imageRecheckMs: 5000,
      digest: { checkMs: 2000 },
      demo: true,
    });
    expect(readConfig({ PUBLIC_URL: 'https://fogata.example.org//', DEMO: '1' })).toMatchObject({
      publicUrl: 'https://fogata.example.org',
      demo: true,
    });
    expect(() => readConfig({ INVITATION_TTL_DAYS: '0' })).toThrow(
      'INVITATION_TTL_DAYS debe ser un entero positivo.',
    );
    expect(() => readConfig({ DATABASE_URL: 'mysql://db' })).toThrow(
      'DATABASE_URL debe empezar por postgres:// o postgresql://',
    );
  });

  it('names the first wrong value when several are wrong', () => {
    expect(() => readConfig({ PORT: 'x', AUTH_RATE_LIMIT: 'y', STORAGE: 'disco' })).toThrow(
      'PORT debe ser un entero positivo.',
    );
    expect(() => readConfig({ AUTH_RATE_LIMIT: 'y', STORAGE: 'disco' })).toThrow(
      'AUTH_RATE_LIMIT debe ser un entero positivo.',
    );
  });

  it('takes a new variable in one line: its name, its parsing with the Spanish message, its default', () => {
    const schema = group({
      pageSize: variable('PAGE_SIZE', positiveInt(24)),
    });
    expect(schema.parse({})).toEqual({ pageSize: 24 });
    expect(schema.parse({ PAGE_SIZE: ' 50 ' })).toEqual({ pageSize: 50 });
    expect(schema.safeParse({ PAGE_SIZE: 'muchas' }).error?.issues[0]?.message).toBe(
      'PAGE_SIZE debe ser un entero positivo.',
    );
    // The type follows from the schema: nothing else to write.
    const typed: { pageSize: number } = schema.parse({});
    expect(typed.pageSize).toBe(24);
    expect(CONFIG_VARIABLES).toContain('PAGE_SIZE');
  });

  it('reads only the variables the README’s table documents, and the table documents them all', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(readme.indexOf('| `PORT`'));
    const rows = table.slice(0, table.indexOf('\n\n'));
    const documented = new Set([...rows.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] ?? ''));
    const read = new Set(CONFIG_VARIABLES.filter((name) => name !== 'PAGE_SIZE'));
    const shownAsValues = [...documented].filter((name) => !read.has(name));
    expect([...read].filter((name) => !documented.has(name))).toEqual([]);
    expect(shownAsValues).toEqual([]);
  });
});
