import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { router } from './app/router';

const container = document.getElementById('root')!;
const root = createRoot(container);
const render = () =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// index.html may already show the screen (web/build/prerender-auth.ts): render once the router has the
// route's code, so React replaces it with the same screen rather than with the loading spinner first.
if (container.hasAttribute('data-prerendered') && !router.state.initialized) {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    render();
  });
} else {
  render();
}
