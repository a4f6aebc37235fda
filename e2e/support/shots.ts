import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E } from './env.js';

/** Where screenshots go when FOGATA_SHOTS_DIR is set (for looking at pages); otherwise none are taken. */
const dir = process.env.FOGATA_SHOTS_DIR;

/** Full-page screenshots at a phone's and a laptop's width, then back to the test's viewport. */
export async function shoot(page: Page, name: string) {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** True while screenshots are being taken (tests may then hold a state long enough to capture it). */
export const takingShots = !!dir;

/** Where `screen` saves: FOGATA_SHOTS_DIR when set, else the run's artefacts (e2e/.output). */
const screensDir = dir ?? join(E2E.output, 'screens');

/**
 * Full-page screenshots of a screen at a phone's (375 px) and a laptop's (1280 px) width, taken on
 * every run (not only when FOGATA_SHOTS_DIR is set): the run's artefacts show each screen as a
 * phone sees it. `prepare` runs after each resize, before the picture (to open a drawer, say).
 */
export async function screen(page: Page, name: string, prepare?: (width: number) => Promise<void>) {
  const original = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    if (prepare) await prepare(width);
    await page.screenshot({ path: screenFile(name, width), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** The file of `name` at `width` px among the run's screens (the folder made if need be). */
export function screenFile(name: string, width: number) {
  mkdirSync(screensDir, { recursive: true });
  return join(screensDir, `${name}-${width}.png`);
}

/**
 * Pages bring their first API answers inline for visitors (decision 021), so a held or faked
 * API answer would never show: for loading and empty-state screenshots, strip them from pages.
 */
export async function withoutPageData(page: Page) {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /<script type="application\/json" id="fogata-state">.*?<\/script>/s,
      '',
    );
    await route.fulfill({ response, body });
  });
}
