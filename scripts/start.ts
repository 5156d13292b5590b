// `npm start`: build the SPA when it is missing or out of date, then run the local stack.
import { buildWeb, webBuildIsStale } from './build-web.ts';

// SKIP_WEB_BUILD=true: the API alone (tests of the start path; web/dist is then served as it is, if at all).
if (process.env.SKIP_WEB_BUILD !== 'true' && webBuildIsStale()) {
  console.log('Building the web app (first start or sources changed)...');
  await buildWeb().catch((e: Error) => {
    console.error(`error: ${e.message} (see above).`);
    process.exit(1);
  });
}
await import('../local/main.ts');
