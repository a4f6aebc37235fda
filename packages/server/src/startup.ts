import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, type EnvConfig, readConfig } from './config.js';

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
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Start-up's part of the configuration: DATA_DIR made if missing, the JWT secret kept there. */
export function prepareDataDir(config: EnvConfig): Config {
  mkdirSync(config.dataDir, { recursive: true });
  return { ...config, jwtSecret: loadJwtSecret(config.dataDir, config.jwtSecret) };
}

/** The configuration (readConfig), with DATA_DIR and the secret ready: what a start reads. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = []): Config {
  return prepareDataDir(readConfig(env, argv));
}
