/**
 * Counts of a typed search stop at app.search_count_cap() + 1 in the database (supabase/schemas/campaigns.sql,
 * decision 0028): a count above this cap means "more than this many".
 */
export const SEARCH_COUNT_CAP = 1000;

/** Whether a search count stopped at the cap, so the screen should say "more than 1,000". */
export const isCountCapped = (n: number): boolean => n > SEARCH_COUNT_CAP;
