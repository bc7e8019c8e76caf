import { test as base } from '@playwright/test';
import { expectAccessible } from './axe';

export { expect } from '@playwright/test';

/**
 * Playwright's test, with every page still open when a test ends checked with axe as it was left (each
 * spec also checks the states it passes through by name: the end alone misses dialogs and earlier screens).
 * It depends on the test's context so that it runs before that context closes.
 */
export const test = base.extend<{ accessibleAtTheEnd: void }>({
  accessibleAtTheEnd: [
    async ({ browser, context: _context }, use, testInfo) => {
      await use();
      // A test that failed already says why; its pages may be anywhere.
      if (testInfo.status !== testInfo.expectedStatus) return;
      for (const context of browser.contexts())
        for (const page of context.pages()) {
          if (page.isClosed() || !/^https?:/.test(page.url())) continue;
          await page.waitForLoadState();
          await expectAccessible(page, `the end of "${testInfo.title}"`);
        }
    },
    { auto: true },
  ],
});
