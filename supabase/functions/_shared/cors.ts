/**
 * CORS headers for functions called from the browser, as `@supabase/supabase-js/cors` defines them,
 * plus the tracing headers newer clients send. Answer OPTIONS with them and add them to every response.
 */
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, x-retry-count, traceparent, tracestate, baggage',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
};

/** The answer to a CORS preflight. */
export function preflight(): Response {
  return new Response('ok', { headers: corsHeaders });
}
