import { test as base, expect, type Page } from '@playwright/test';
import { type Account, type AccountOptions, createAccount, deleteAccount, findAccountId, type Role } from './accounts.ts';
import { anonClient, type ApiClient, stackUrl } from './clients.ts';
import { watchPageProblems } from './page-problems.ts';

/** Fresh accounts for one test, deleted when it ends. */
export interface AccountFactory {
  /** A new confirmed account of this role, created through the service role. */
  create(role: Role, options?: AccountOptions): Promise<Account>;
  /** An account the test makes another way (a sign-up form, the admin's Create brand), deleted at the end too. */
  adopt(email: string): void;
}

interface Fixtures {
  /** Problems the pages reported; the test fails on any of them at its end. */
  pageProblems: string[];
  /** A guest supabase-js client in Node on the same stack, to read what the UI should show. */
  api: ApiClient;
  accounts: AccountFactory;
  /** Another person: a page in a browser context of its own at the project's viewport, watched like `page`. */
  openPersonPage: () => Promise<Page>;
}

/**
 * The test object of every journey. Its page fails the test on what watchPageProblems collects. Accounts
 * come from the `accounts` factory, so no test writes to what another reads; the seed's demo accounts are
 * for read-only checks. `page`, `api` and `openPersonPage` depend on `accounts` so they are torn down
 * first: nothing is still signed in as an account when it is deleted.
 */
export const test = base.extend<Fixtures>({
  pageProblems: async ({}, use) => {
    await use([]);
  },
  accounts: async ({}, use) => {
    const created: string[] = [];
    const adopted: string[] = [];
    await use({
      async create(role, options) {
        const account = await createAccount(role, options);
        created.push(account.id);
        return account;
      },
      adopt(email) {
        adopted.push(email);
      },
    });
    for (const email of adopted) {
      const id = await findAccountId(email);
      if (id) created.push(id);
    }
    for (const id of created) await deleteAccount(id);
  },
  page: async ({ page, pageProblems, accounts: _ }, use) => {
    const settled = watchPageProblems(page, pageProblems);
    await use(page);
    await settled();
    expect(pageProblems, 'the page reported errors').toEqual([]);
  },
  openPersonPage: async ({ browser, pageProblems, accounts: _ }, use, testInfo) => {
    const contexts: Array<{ close(): Promise<void> }> = [];
    const settles: Array<() => Promise<void>> = [];
    await use(async () => {
      const { viewport, isMobile, hasTouch, locale } = testInfo.project.use;
      const context = await browser.newContext({ baseURL: stackUrl(), viewport, isMobile, hasTouch, locale });
      contexts.push(context);
      const page = await context.newPage();
      settles.push(watchPageProblems(page, pageProblems));
      return page;
    });
    for (const settle of settles) await settle();
    for (const context of contexts) await context.close();
  },
  api: async ({ accounts: _ }, use) => {
    const client = anonClient();
    await use(client);
    await client.auth.signOut().catch(() => undefined);
  },
});

export { expect };
