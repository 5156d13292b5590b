/**
 * The earnings screen's query keys. They belong with the other features' factories in
 * web/src/lib/query-keys.ts (decision 0010) and sit here only until that file takes an `earningsKeys`;
 * nothing outside this feature invalidates them yet (the screen reads fresh on every visit).
 */
export const earningsKeys = {
  all: ['earnings'] as const,
  /** Balances, payout rule and account, with the money history (one read, see earnings-api.ts). */
  money: () => [...earningsKeys.all, 'money'] as const,
};
