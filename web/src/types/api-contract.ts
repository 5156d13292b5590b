/**
 * Compile-time checks that the hand-written shapes in ./api.ts still match the generated database types
 * (`npm run gen:types` writes supabase/functions/_shared/database.types.ts). If a migration renames or
 * drops a field the app reads, `tsc -p web/tsconfig.json` fails here instead of a screen going blank.
 * Type-only: nothing of this reaches the bundle.
 */
import type { Database } from '@db/database.types';
import type { BrandDashboard, BrowseCampaignsArgs, CampaignListItem, CreatorDashboard, MyApplication, Profile } from './api';

type Functions = Database['api']['Functions'];

/** The name of a function of the `api` schema. */
export type ApiFunction = keyof Functions;

type Row<T> = T extends readonly (infer R)[] ? R : NonNullable<T>;
type Returns<F extends ApiFunction> = Row<Functions[F]['Returns']>;
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : { onlyInApp: Exclude<keyof A, keyof B>; onlyInDb: Exclude<keyof B, keyof A> };
/** Every key the app reads exists in the database's answer (the database may return more). */
type Reads<A, B> = [Exclude<keyof A, keyof B>] extends [never] ? true : { missingInDb: Exclude<keyof A, keyof B> };
type Assert<T extends true> = T;

export type ContractChecks = [
  Assert<Reads<Profile, Returns<'current_profile'>>>,
  Assert<SameKeys<CreatorDashboard, Returns<'creator_dashboard'>>>,
  Assert<SameKeys<BrandDashboard, Returns<'brand_dashboard'>>>,
  Assert<SameKeys<CampaignListItem, Returns<'browse_campaigns'>>>,
  Assert<SameKeys<Required<BrowseCampaignsArgs>, Required<Functions['browse_campaigns']['Args']>>>,
  Assert<Reads<MyApplication, Returns<'my_applications'>>>,
  Assert<Functions['username_available']['Returns'] extends boolean ? true : false>,
  Assert<Functions['unread_count']['Returns'] extends number ? true : false>,
];
