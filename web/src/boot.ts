/**
 * The page's entry: starts the app (main.tsx). When index.html already shows the screen (the auth
 * screen's HTML, web/build/prerender-auth.ts), the app starts one frame later, after the browser has
 * painted that HTML: evaluating the app's code (React and the rest, about 140 KB gzip) would otherwise
 * hold the main thread before that first paint whenever the scripts arrive as fast as the HTML. The app's
 * chunks still download from the start (the route preloads in index.html name them).
 */
// The styles are the entry's, so index.html links them (render-blocking, as the first paint needs them).
import './index.css';

const start = () => void import('./main');

if (document.getElementById('root')?.hasAttribute('data-prerendered')) requestAnimationFrame(() => setTimeout(start, 0));
else start();
