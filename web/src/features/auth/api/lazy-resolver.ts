import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose code is loaded the first time the form validates (on submit, the
 * forms' mode) or earlier through `preload()`. react-hook-form awaits resolvers, so the behaviour is
 * the same as with the resolver itself; a failed load is retried on the next attempt.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
): Resolver<TFieldValues, TContext, TTransformedValues> & { preload: () => void } {
  let pending: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | undefined;
  const get = () => {
    pending ??= load().catch((e: unknown) => {
      pending = undefined;
      throw e;
    });
    return pending;
  };
  const resolver: Resolver<TFieldValues, TContext, TTransformedValues> = async (values, context, options) => (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get().catch(() => undefined) });
}
