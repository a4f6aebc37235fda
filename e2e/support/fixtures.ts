import { test as base, expect } from '@playwright/test';

/**
 * The Playwright test, plus one rule: a script error or a console error in any page fails the
 * test. Chromium's own "Failed to load resource" lines are left out: an answered 4xx (a wrong
 * password, say) is part of the story, and the page shows it to the user.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const watch = (page: import('@playwright/test').Page) => {
        page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
        page.on('console', (msg) => {
          if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) {
            errors.push(`console.error: ${msg.text()}`);
          }
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(errors);
      expect(errors, 'errores en la consola del navegador').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
