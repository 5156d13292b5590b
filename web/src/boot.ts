/**
 * The page's entry: starts the app (main.tsx). When index.html already shows the screen (the auth
 * screen's HTML, web/build/prerender-auth.ts), the app starts once the browser reports that screen's
 * first contentful paint (at most 1 s later): evaluating the app's code (React and the rest, about
 * 140 KB gzip) would otherwise hold the main thread ahead of that paint whenever the scripts arrive as
 * fast as the HTML, and a busy CPU then shows nothing until the app has run. The app's chunks download
 * from the start either way (the route preloads in index.html name them); on every other page it starts
 * at once.
 */
// The styles are the entry's, so index.html links them (render-blocking, as the first paint needs them).
import './index.css';

/** A new task: the browser may paint and handle input between the stages of the start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// In stages, a task each (src/boot-vendor.ts): the libraries, then the app's modules.
const start = () =>
  void import('./boot-vendor')
    .then(nextTask)
    .then(() => import('./main'));

/** Runs `then` once the first contentful paint is reported, or after `capMs` (no paint timing, a hidden tab). */
function afterFirstPaint(then: () => void, capMs: number): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const go = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    then();
  };
  try {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) go();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing in this browser: the cap starts the app.
  }
  setTimeout(go, capMs);
}

if (document.getElementById('root')?.hasAttribute('data-prerendered')) afterFirstPaint(start, 1000);
else start();
