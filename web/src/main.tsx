import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app';
import { getRouter } from './app/router';
import { routerInitialized, shellTakeoverReady, snapshotTakeoverReady, TAKEOVER_CAP_MS, warmFormatters } from './app/snapshot-takeover';
import { followLanguage, loadActiveCatalogs } from './i18n/locale-store';
import { isLocale } from './i18n/locales';

const container = document.getElementById('root')!;
let root: Root | undefined;
const render = () => {
  // Created with the first render, not with this module: a task less long at the start (TBT).
  root ??= createRoot(container);
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};

/** Starts the app. Called in a task after this module's: the router's first navigation is work of its own. */
function start() {
  const router = getRouter();
  const prerendered = container.getAttribute('data-prerendered');
  if (prerendered === 'snapshot' || prerendered === 'shell') {
    // index.html shows the stored snapshot of this screen (web/build/restore-snapshot.ts): render once the
    // screen's data is in, so React replaces it with the live screen in one step, not with a spinner first.
    // Or the signed-in shell around the screen before its data (web/build/prerender-shell.ts): render once
    // the session and profile are read, so React's first frame is that same shell, and the data fills in.
    // As a transition, React renders in slices that yield to the browser (the snapshot stays on screen
    // meanwhile) instead of one long task: input stays responsive (TBT/INP).
    const cap = new Promise<void>((resolve) => setTimeout(resolve, TAKEOVER_CAP_MS));
    // While the data is on its way: the first Intl formatters of the language (ICU's data) are built in
    // tasks of their own, not inside the takeover's render (decision 0037).
    warmFormatters();
    const takeOver = () => startTransition(render);
    const ready = prerendered === 'snapshot' ? snapshotTakeoverReady(router) : shellTakeoverReady(router);
    void Promise.race([ready, cap]).then(takeOver, takeOver);
  } else if (prerendered && !router.state.initialized) {
    // index.html shows the screen (web/build/prerender-auth.ts): render once the router has the route's
    // code, so React replaces it with the same screen rather than with the loading spinner first.
    // A transition, as for the snapshot: React renders in slices that yield to the browser (the inert
    // screen stays meanwhile) rather than in one task of ~110 ms at 4x CPU (TBT/INP).
    // The screen shown is in the guest's language (an English browser's is English): the app starts in it,
    // its catalogs loaded first, so the first render does not suspend on them.
    // After the route's code: its catalogs are registered by then, and followLanguage loads them all.
    const lang = container.getAttribute('data-prerendered-lang');
    void routerInitialized(router)
      .then(async () => {
        if (isLocale(lang)) await followLanguage(lang);
      })
      .then(() => startTransition(render));
  } else {
    // The shared texts (the spinner's, the toasts') in the active language first: nothing suspends at the root.
    void loadActiveCatalogs().then(render, render);
  }
}

setTimeout(start, 0);
