import type { FunctionEnv } from '../_shared/function-env.ts';
import { HttpError } from '../_shared/http-error.ts';
import { jsonHandler } from '../_shared/json-handler.ts';
import { serviceRoleClientBypassingRls } from '../_shared/service-role-client-bypasses-rls.ts';
import { renderPending } from './render.ts';

/**
 * The `documents` edge function (verify_jwt = true; decision 0057):
 *   POST /documents/render -> 200 {rendered[], failed[]}   the scheduler (service role key only)
 * Users download their PDFs straight from Storage (the documents bucket's policies decide).
 */
export function createDocumentsHandler(env: FunctionEnv, log: (line: string) => void = console.error) {
  const service = serviceRoleClientBypassingRls(env);
  return jsonHandler(async (req, ctx) => {
    if (ctx.path !== '/documents/render') throw new HttpError(404, 'Not found', 'not_found');
    if (req.method !== 'POST') throw new HttpError(405, 'Method not allowed', 'method_not_allowed');
    if (ctx.requireBearer() !== env.serviceRoleKey) throw new HttpError(403, 'Only the scheduler renders documents', 'not_scheduler');
    return { status: 200, body: await renderPending(service, log) };
  }, { name: 'documents', log, cors: false });
}
