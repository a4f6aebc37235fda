// A real S3-compatible server for the tests: s3rver on 127.0.0.1 in a process of its own
// (s3-server.mjs), its buckets in a temp folder, started by the test file that needs it. No account
// anywhere: s3rver's own keys.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config.js';
import { S3Storage } from '../media/storage/s3-storage.js';

/** s3rver's built-in account. */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const REGION = 'us-east-1';

export type S3StorageConfig = Extract<StorageConfig, { driver: 's3' }>;

export interface TestS3 {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  /** A new, empty bucket; its name. */
  bucket(): Promise<string>;
  /** The app's configuration for `bucket` (STORAGE=s3 as config.ts reads it). */
  config(bucket: string): S3StorageConfig;
  /** The environment variables that configure a server process for `bucket`. */
  env(bucket: string): Record<string, string>;
  /** A storage on `bucket`, to look into it from a test; closed with the server. */
  storage(bucket: string, listPageSize?: number): Promise<S3Storage>;
  /** Every key in `bucket`, sorted. */
  keys(bucket: string): Promise<string[]>;
  close(): Promise<void>;
}

/** Starts s3rver on a free port of 127.0.0.1; resolves once it listens. */
export async function startS3(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'fogata-s3-'));
  const script = join(dirname(fileURLToPath(import.meta.url)), 's3-server.mjs');
  const server = spawn(process.execPath, ['--openssl-legacy-provider', script, directory], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`s3rver terminó al arrancar (${code})`)));
    createInterface({ input: server.stdout }).once('line', (line) => {
      resolve((JSON.parse(line) as { port: number }).port);
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const admin = new S3Client({
    endpoint,
    region: REGION,
    forcePathStyle: true,
    credentials: KEYS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const opened: S3Storage[] = [];
  const config = (bucket: string): S3StorageConfig => ({
    driver: 's3',
    bucket,
    region: REGION,
    endpoint,
    forcePathStyle: true,
    credentials: KEYS,
  });
  const storage = async (bucket: string, listPageSize?: number) => {
    const { driver: _driver, ...options } = config(bucket);
    const s = await S3Storage.open(options, { listPageSize });
    opened.push(s);
    return s;
  };
  return {
    endpoint,
    async bucket() {
      const name = `fotos-${randomBytes(6).toString('hex')}`;
      await admin.send(new CreateBucketCommand({ Bucket: name }));
      return name;
    },
    config,
    env: (bucket) => ({
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      AWS_ACCESS_KEY_ID: KEYS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    }),
    storage,
    async keys(bucket) {
      const s = await storage(bucket);
      const keys: string[] = [];
      for await (const key of s.list()) keys.push(key);
      return keys.sort();
    },
    async close() {
      for (const s of opened) s.close();
      admin.destroy();
      server.stdin?.end();
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
