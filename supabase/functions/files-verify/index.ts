import { readFunctionEnv } from '../_shared/function-env.ts';
import { createFilesVerifyHandler } from './handler.ts';

Deno.serve(createFilesVerifyHandler(readFunctionEnv()));
