import { readFunctionEnv } from '../_shared/function-env.ts';
import { createSocialConnectHandler } from './handler.ts';

Deno.serve(createSocialConnectHandler(readFunctionEnv()));
