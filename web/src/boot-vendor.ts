/**
 * The first stage of the app's start (src/boot.ts): evaluates React, react-dom and the router's and
 * react-query's code (the `shared` chunk's libraries run when first imported) in a task of their own,
 * before the app's modules (src/main.tsx) in the next. Together they were one task of ~130 ms at 4x CPU
 * on /auth and /campaigns, past the 50 ms that counts as blocking (TBT, the lab's stand-in for INP).
 */
export { createRoot } from 'react-dom/client';
export { startTransition } from 'react';
export { createBrowserRouter } from 'react-router-dom';
export { QueryClient } from '@tanstack/react-query';
