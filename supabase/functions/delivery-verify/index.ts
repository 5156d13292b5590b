import { readFunctionEnv } from '../_shared/function-env.ts';
import { createDeliveryVerifyHandler } from './handler.ts';

Deno.serve(createDeliveryVerifyHandler(readFunctionEnv()));
