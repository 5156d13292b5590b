/**
 * The `api` schema as the web app sees it, derived from the generated database types
 * (supabase/functions/_shared/contract/database.types.ts, written by `npm run gen:types` from the migrations).
 * Every result type of the app is built from these helpers, so a migration that renames or drops a column
 * fails `tsc -p web/tsconfig.json` instead of a screen going blank. Type-only: nothing reaches the bundle.
 *
 * Why refinements exist at all: the generator cannot know everything. Columns of `returns table (...)`
 * come out non-null even where SQL yields null; every field of a composite type comes out nullable even
 * where SQL never yields null; text columns with a check constraint come out as `string`; jsonb comes out
 * as `Json`. Types refine exactly those spots (`Nullable`, `Present`, `Refine`) and nothing else.
 */
import type { Database } from '@contract/database.types';

type Api = Database['api'];
type Functions = Api['Functions'];

/** The name of a function of the `api` schema. */
export type ApiFunction = keyof Functions;

/** The arguments of an `api` function. */
export type ApiArgs<F extends ApiFunction> = Functions[F]['Args'];

/** One row of what an `api` function returns: the element of a set-returning function, else the value. */
export type ApiRow<F extends ApiFunction> = Functions[F]['Returns'] extends readonly (infer R)[] ? R : Functions[F]['Returns'];

/** A composite type of the `api` schema with its fields non-null (see `Nullable` for the ones that are not). */
export type ApiComposite<N extends keyof Api['CompositeTypes']> = Present<Api['CompositeTypes'][N]>;

/** Flattens an intersection into one object type, so editors show the fields rather than `Omit<...> & ...`. */
export type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** T with every field non-null. */
export type Present<T> = { [K in keyof T]-?: NonNullable<T[K]> };

/** T with the fields K nullable: the SQL yields null for them although the generated type says otherwise. */
export type Nullable<T, K extends keyof T> = Simplify<Omit<T, K> & { [P in K]: T[P] | null }>;

/**
 * T with some fields replaced by a narrower shape: a checked text column by its union, a jsonb column by
 * the object the SQL builds. R may only name fields T has, so a dropped column fails here too.
 */
export type Refine<T, R extends { [K in keyof R]: K extends keyof T ? unknown : never }> = Simplify<Omit<T, keyof R> & R>;
