// `npm start`: build the SPA when it is missing or out of date, then run the local stack.
import { buildWeb, webBuildIsStale } from './build-web.ts';

if (webBuildIsStale()) {
  console.log('Building the web app (first start or sources changed)...');
  buildWeb();
}
await import('../local/main.ts');
