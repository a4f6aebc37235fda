import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E } from './support/env.js';

// The built app on a real server (fresh data directory, real SMTP receiver) in Debian's Chromium.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: join(E2E.output, 'results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  // A ceiling for a test that hangs, not a timing goal: `npm test` runs the PostgreSQL pass beside
  // these tests on two cores, and the longest scenarios (axe on every screen) are slow even alone.
  // Both are ceilings, not goals: on a machine whose cores are busy with other work a screen
  // can take several times longer to answer, and a check that holds returns at once.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json']],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: E2E.baseURL,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    // As a visitor who asks for less motion: dialogs and images come in without fading, so a
    // check never meets a screen halfway through a transition (the app honours the setting; one
    // test turns motion back on to prove axe waits for a fade anyway).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { viewport: { width: 1280, height: 800 } } }],
});
