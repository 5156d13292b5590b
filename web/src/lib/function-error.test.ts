import { describe, expect, it } from 'vitest';
import { FunctionError, functionErrorOf } from './function-error';

const answer = (status: number, statusText: string, body: string) => new Response(body, { status, statusText });

describe('functionErrorOf', () => {
  it("keeps the function's code, message and field with the status", async () => {
    const e = await functionErrorOf(answer(409, 'Conflict', JSON.stringify({ code: 'email_taken', message: 'Email already in use', field: 'email' })));
    expect(e).toBeInstanceOf(FunctionError);
    expect([e.status, e.code, e.message, e.field]).toEqual([409, 'email_taken', 'Email already in use', 'email']);
  });

  it("reads the gateway's refusal, which has the same {code, message} shape", async () => {
    const body = JSON.stringify({ code: 'UNAUTHORIZED_LEGACY_JWT', message: 'Invalid JWT' });
    const gateway = await functionErrorOf(answer(401, 'Unauthorized', body));
    expect([gateway.status, gateway.code, gateway.message, gateway.field]).toEqual([401, 'UNAUTHORIZED_LEGACY_JWT', 'Invalid JWT', undefined]);
  });

  it("falls back to the status text for answers that are not the functions' error body", async () => {
    const other = await functionErrorOf(answer(401, 'Unauthorized', JSON.stringify({ msg: 'Invalid JWT' })));
    expect([other.status, other.code, other.message, other.field]).toEqual([401, 'request_failed', 'Unauthorized', undefined]);
    expect((await functionErrorOf(answer(502, 'Bad Gateway', '<html>'))).message).toBe('Bad Gateway');
    expect((await functionErrorOf(answer(500, '', ''))).message).toBe('Request failed');
  });
});
