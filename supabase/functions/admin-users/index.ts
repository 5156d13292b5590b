import { readFunctionEnv } from '../_shared/function-env.ts';
import { createAdminUsersHandler } from './handler.ts';

Deno.serve(createAdminUsersHandler(readFunctionEnv()));
