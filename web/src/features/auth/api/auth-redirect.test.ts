import { describe, expect, it } from 'vitest';
import { readAuthRedirect } from './auth-redirect';

describe('readAuthRedirect', () => {
  it("reads the session of GoTrue's implicit-flow redirect, with its type", () => {
    const fragment = '#access_token=eyJ.a.b&expires_at=1900000000&expires_in=3600&refresh_token=r1&sb=&token_type=bearer&type=recovery';
    expect(readAuthRedirect(fragment)).toEqual({ kind: 'session', type: 'recovery', accessToken: 'eyJ.a.b' });
    expect(readAuthRedirect('access_token=t&refresh_token=r&type=signup')).toEqual({ kind: 'session', type: 'signup', accessToken: 't' });
  });

  it('reads an expired or used link as its error code', () => {
    const fragment = '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=';
    expect(readAuthRedirect(fragment)).toEqual({ kind: 'error', code: 'otp_expired' });
    expect(readAuthRedirect('#error=access_denied')).toEqual({ kind: 'error', code: 'access_denied' });
    expect(readAuthRedirect('#error_description=Something')).toEqual({ kind: 'error', code: 'unspecified_code' });
  });

  it("reads the message of an email change's first link (GoTrue's singleConfirmationAccepted)", () => {
    const fragment = '#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email&sb=';
    expect(readAuthRedirect(fragment)).toEqual({ kind: 'message', message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email' });
    expect(readAuthRedirect('#message=')).toEqual({ kind: 'none' });
  });

  it('is none without a fragment, or with one that is not a complete session', () => {
    expect(readAuthRedirect('')).toEqual({ kind: 'none' });
    expect(readAuthRedirect('#')).toEqual({ kind: 'none' });
    expect(readAuthRedirect('#section-2')).toEqual({ kind: 'none' });
    expect(readAuthRedirect('#access_token=t')).toEqual({ kind: 'none' });
  });
});
