import { currentProfileQueryOptions, setSessionReadBeforeRender } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { formatters } from '@/i18n/format';
import { getLocale } from '@/i18n/locale-store';
import { FORMAT_TAG } from '@/i18n/locales';
import { loadSupabase } from '@/lib/supabase-loader';

/** What is read of the app's router (src/app/router.tsx): whether its first navigation has loaded. */
interface Router {
  state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
}

/** How long the snapshot may stand in for the screen at most; then the app renders whatever it has. */
export const TAKEOVER_CAP_MS = 8000;

/**
 * Resolves when React's first render can draw the screen itself, where index.html shows the stored
 * snapshot of it (web/build/restore-snapshot.ts, decision 0027): the route's code is loaded and its loaders
 * have started their reads (the router is initialized), supabase-js has restored the session (refreshing an
 * expired one), the profile is read, and every read the loaders started has settled. Rendering earlier would
 * replace the snapshot with the loading spinner first. No session: resolves at once (the guard sends the
 * visitor to /auth). Never rejects: a failed read is the screen's to show.
 */
export async function snapshotTakeoverReady(router: Router): Promise<void> {
  if (await sessionAndProfileRead(router)) await readsSettled();
}

/**
 * Resolves when React's first render draws the shell index.html shows (web/build/prerender-shell.ts, decision
 * 0037): the route's code is loaded, the session restored and the profile read. The screen's own reads need
 * not be in: the shell already shows the screen before its data, as React draws it, so the screen fills in as
 * its reads arrive (a list does not wait for its count).
 */
export async function shellTakeoverReady(router: Router): Promise<void> {
  await sessionAndProfileRead(router);
}

/** The route's code, the session and (with one) the profile: true when there is a session. */
async function sessionAndProfileRead(router: Router): Promise<boolean> {
  const session = loadSupabase()
    .then(({ supabase }) => supabase.auth.getSession())
    .then(({ data }) => {
      // SessionProvider's first render uses it: no "loading" frame.
      setSessionReadBeforeRender(data.session);
      return data.session;
    });
  const [restored] = await Promise.all([session, routerInitialized(router)]);
  if (!restored) return false;
  // The same query as the shell's (the root loader started it too): read once.
  await queryClient.prefetchQuery(currentProfileQueryOptions(restored.user.id));
  return true;
}

/** Resolves once the router's first navigation has loaded the route's code (src/main.tsx waits for it too). */
export function routerInitialized(router: Router): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/** Resolves once no query is fetching. */
function readsSettled(): Promise<void> {
  return new Promise((resolve) => {
    if (queryClient.isFetching() === 0) return resolve();
    const stop = queryClient.getQueryCache().subscribe(() => {
      // Events fire inside the cache's batch; the count is read once it has been applied.
      queueMicrotask(() => {
        if (queryClient.isFetching() !== 0) return;
        stop();
        resolve();
      });
    });
  });
}

/**
 * Builds the first Intl formatters of the active language, one per task: the first of each kind loads
 * ICU's data for the language, about 10 ms each on a phone (40-50 ms at Lighthouse's 4x CPU, measured with
 * bench/web-trace.ts inside the first render of /campaigns: Lingui's plural rules and number format, and the
 * cards' money, date and days-left formats). Called while the screen's data is on its way; the render that
 * follows finds them built (ours are cached per language; ICU keeps the language's data for Lingui's own).
 */
export function warmFormatters(): void {
  const locale = getLocale();
  const tag = FORMAT_TAG[locale];
  const steps = [
    () => new Intl.PluralRules(locale).select(2),
    () => new Intl.NumberFormat(locale).format(2),
    () => formatters(locale).money(100),
    () => formatters(locale).date(new Date()),
    () => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(new Date()),
    () => new Intl.PluralRules(tag).select(2),
  ];
  const next = () => {
    const step = steps.shift();
    if (!step) return;
    step();
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
