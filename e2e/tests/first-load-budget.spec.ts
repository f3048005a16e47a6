import { allowedBytes, budgetProblem, readBudget, type BudgetFile } from '@tca/bench/budget-file';
import { FIRST_LOAD_CONTEXT, FIRST_LOAD_PAGES, measureFirstLoad } from '@tca/bench/first-load';
import { loginAccount, registerAccount, storeLogin } from '../support/account.js';
import { expect, siteUrl, test } from '../support/fixtures.js';

/**
 * Bytes, not timing: each page's first-load JavaScript (gzip -9 of every script until `main h1` is
 * visible and the network is quiet, measured by the same function as `npm run bench:budget`) may be
 * at most 5 % over what bench/budgets/first-load.json recorded for it.
 */
let budget: BudgetFile;

test.beforeAll(async () => {
  budget = await readBudget();
});

test.describe('first-load JavaScript stays within its recorded budget', () => {
  for (const path of FIRST_LOAD_PAGES) {
    test(path, async ({ browser, request }) => {
      // Right after start-up the site's first content lists can take half a minute on a busy machine; the page waits for them.
      test.setTimeout(120_000);
      // A context of its own: nothing cached, the same viewport as the bench's.
      const context = await browser.newContext(FIRST_LOAD_CONTEXT);
      try {
        const page = await context.newPage();
        if (path === '/profile') await storeLogin(page, await loginAccount(request, await registerAccount(request)));
        const load = await measureFirstLoad(page, siteUrl(), path, { timeoutMs: 100_000 });
        const recorded = budget.pages[path];
        if (!recorded) throw new Error(budgetProblem(load, recorded) ?? `${path} has no budget`);
        // The message names the page, its budget and bytes, and lists its scripts with their sizes.
        expect(load.gzip, budgetProblem(load, recorded) ?? '').toBeLessThanOrEqual(allowedBytes(recorded.gzip));
      } finally {
        await context.close();
      }
    });
  }
});
