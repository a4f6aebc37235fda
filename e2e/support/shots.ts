import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

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
