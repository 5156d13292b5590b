import { afterEach } from 'vitest';
import { assertLedgersBalance } from './ledger-invariant.ts';

// Every database test ends with a balanced ledger (issue 16), whatever it did to the money tables.
afterEach(async () => {
  await assertLedgersBalance();
});
