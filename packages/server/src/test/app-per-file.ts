import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config.js';
import { buildTestApp, type TestApp } from './build-app.js';

/**
 * The app of one test file (`buildTestApp`'s): built before the file's tests and closed after
 * them. Its fields are there inside tests and hooks, not while the file is being read.
 */
export function testAppPerFile(overrides: Partial<Config> = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(overrides);
  });
  afterAll(async () => {
    await built?.close();
  });
  const ready = (): TestApp => {
    if (!built) throw new Error('the test app is built in beforeAll: read it in a test or a hook');
    return built;
  };
  return {
    get app() {
      return ready().app;
    },
    get config() {
      return ready().config;
    },
    close: () => ready().close(),
  };
}
