import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/** Spec section 7 "Default reads": no retry, no refetch on window focus, data fresh for 5 minutes. */
export const queryConfig = {
  queries: {
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 5 * 60 * 1000,
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

export const queryClient = new QueryClient({ defaultOptions: queryConfig });
