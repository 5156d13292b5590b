import { describe, expect, it } from 'vitest';
import { emailRateLimit } from './email-rate-limit';

describe('emailRateLimit', () => {
  it("reads the seconds to wait from GoTrue's over_email_send_rate_limit message", () => {
    const error = { status: 429, code: 'over_email_send_rate_limit', message: 'For security purposes, you can only request this after 42 seconds.' };
    expect(emailRateLimit(error)).toEqual({ seconds: 42 });
    expect(emailRateLimit({ status: 429, message: 'For security purposes, you can only request this after 1 second.' })).toEqual({ seconds: 1 });
  });

  it('is a limit without seconds when the message gives none', () => {
    expect(emailRateLimit({ status: 429, code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' })).toEqual({ seconds: null });
    expect(emailRateLimit({ code: 'over_request_rate_limit', message: 'Request rate limit reached' })).toEqual({ seconds: null });
  });

  it('is null for any other failure', () => {
    expect(emailRateLimit({ status: 400, code: 'validation_failed', message: 'after 5 seconds' })).toBeNull();
    expect(emailRateLimit(new TypeError('Failed to fetch'))).toBeNull();
    expect(emailRateLimit(null)).toBeNull();
  });
});
