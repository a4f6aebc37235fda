import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, type EnvConfig, readConfig } from './config.js';
import { newSealingKey, parseSealingKey } from './lib/sealed-box.js';

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

/**
 * The key that seals health data (lib/sealed-box.ts): HEALTH_KEY when set, else one generated on
 * first start and kept in DATA_DIR/health-key (readable by the server's user only). It is not in
 * any backup: whoever runs the group keeps a copy of it apart (README).
 */
export function loadHealthKey(dataDir: string, fromEnv: string | null): string {
  if (fromEnv) {
    parseSealingKey(fromEnv);
    return fromEnv.trim();
  }
  const file = join(dataDir, 'health-key');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) {
      parseSealingKey(stored);
      return stored;
    }
  }
  const key = newSealingKey();
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/**
 * Start-up's part of the configuration: DATA_DIR made if missing, the JWT secret and the health
 * key kept there.
 */
export function prepareDataDir(config: EnvConfig): Config {
  mkdirSync(config.dataDir, { recursive: true });
  return {
    ...config,
    jwtSecret: loadJwtSecret(config.dataDir, config.jwtSecret),
    healthKey: loadHealthKey(config.dataDir, config.healthKey),
  };
}

/** The configuration (readConfig), with DATA_DIR and the secret ready: what a start reads. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = []): Config {
  return prepareDataDir(readConfig(env, argv));
}
