import { readFunctionEnv } from '../_shared/function-env.ts';
import { createDocumentsHandler } from './handler.ts';

Deno.serve(createDocumentsHandler(readFunctionEnv()));
