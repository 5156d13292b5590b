import { corsHeaders, preflight } from '../_shared/cors.ts';

/**
 * The /api REST facade, reached at `/api/...` (the local stack forwards those paths here; the function
 * sees them as `/api/...`). For now it only answers its health check; the resources come with their issue.
 */
export function handleApi(req: Request): Response {
  if (req.method === 'OPTIONS') return preflight();
  const { pathname } = new URL(req.url);
  if (req.method === 'GET' && pathname === '/api/health') return json(200, { status: 'ok' });
  return json(404, { error: 'Not found' });
}

function json(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: corsHeaders });
}

Deno.serve(handleApi);
