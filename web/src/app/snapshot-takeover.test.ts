import { afterEach, describe, expect, it, vi } from 'vitest';

/** supabase-js stand-in: getSession resolves when the test says so. */
const auth = vi.hoisted(() => ({ resolveSession: (_: unknown) => undefined as void }));
vi.mock('@/lib/supabase-loader', () => ({
  hasStoredSession: () => true,
  sessionStorageKey: 'sb-test-auth-token',
  whenSupabaseLoaded: () => () => undefined,
  loadSupabase: async () => ({
    supabase: { auth: { getSession: () => new Promise((resolve) => (auth.resolveSession = (session) => resolve({ data: { session } }))) } },
    rpc: async () => [{ id: 'u1', role: 'creator', full_name: 'Sofía' }],
  }),
}));

const { snapshotTakeoverReady } = await import('./snapshot-takeover');
const { queryClient } = await import('@/lib/query-client');
const { currentProfileKeys } = await import('@/lib/query-keys');

/** A router whose first navigation finishes when the test says so. */
function fakeRouter() {
  const listeners = new Set<(s: { initialized: boolean }) => void>();
  const router = {
    state: { initialized: false },
    subscribe: (l: (s: { initialized: boolean }) => void) => (listeners.add(l), () => listeners.delete(l)),
  };
  return { router, initialize: () => ((router.state = { initialized: true }), listeners.forEach((l) => l(router.state))) };
}

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
  return done;
};

afterEach(() => queryClient.clear());

describe('snapshotTakeoverReady (the app renders over the snapshot when the screen can be drawn)', () => {
  it('waits for the router and the session, then the profile and every read in flight', async () => {
    const { router, initialize } = fakeRouter();
    let finishList: (v: unknown) => void = () => undefined;
    void queryClient.prefetchQuery({ queryKey: ['list'], queryFn: () => new Promise((r) => (finishList = r)) });
    const ready = snapshotTakeoverReady(router);
    expect(await settled(ready)).toBe(false);
    initialize();
    expect(await settled(ready)).toBe(false);
    auth.resolveSession({ user: { id: 'u1' } });
    // The profile is read (the stand-in answers at once); the list is still on its way.
    expect(await settled(ready)).toBe(false);
    finishList([]);
    expect(await settled(ready)).toBe(true);
    expect(queryClient.getQueryData(currentProfileKeys.ofUser('u1'))).toEqual({ id: 'u1', role: 'creator', full_name: 'Sofía' });
  });

  it('resolves without reading anything more when there is no session (the guard sends the visitor to /auth)', async () => {
    const { router, initialize } = fakeRouter();
    void queryClient.prefetchQuery({ queryKey: ['never'], queryFn: () => new Promise(() => undefined) });
    const ready = snapshotTakeoverReady(router);
    initialize();
    expect(await settled(ready)).toBe(false);
    auth.resolveSession(null);
    expect(await settled(ready)).toBe(true);
  });
});
