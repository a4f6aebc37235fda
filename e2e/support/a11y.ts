import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits until nothing on the page is on its way in or out: no dialog or backdrop mid-fade
 * (React-Bootstrap keeps `.fade` without `.show` while one comes or goes, and removes a closed one
 * only when its fade ends) and no CSS transition or finite animation running. A spinner's or a
 * placeholder's endless animation does not count: it never ends.
 */
export async function waitForStillPage(page: Page) {
  await page.waitForFunction(() => {
    const fading = document.querySelector(
      '.modal.fade:not(.show), .modal-backdrop.fade:not(.show), .offcanvas.showing, .offcanvas.hiding',
    );
    const moving = document
      .getAnimations()
      .some(
        (a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity,
      );
    return !fading && !moving;
  });
}

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on what the page shows once it is still, and fails with
 * one line per violation: rule, what it asks for, and the elements that break it. Measured
 * mid-fade, a button's colours are blended with what is behind it and read as too little
 * contrast.
 */
export async function expectAccessible(page: Page, what: string) {
  await waitForStillPage(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const lines = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect(lines, `accesibilidad de ${what}`).toEqual([]);
}
