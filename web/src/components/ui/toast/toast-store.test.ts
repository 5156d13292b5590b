import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followLanguage, getLocale } from '@/i18n/locale-store';
import { dismissAllToasts, getToasts, noteUserInput, subscribeToasts, toast, toastsFollowNavigation } from './toast-store';

const titles = () => getToasts().map((t) => t.title);

describe('the toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    dismissAllToasts();
    toastsFollowNavigation('/auth', 'PUSH');
  });
  afterEach(() => {
    dismissAllToasts();
    vi.useRealTimers();
  });

  it('shows one toast per kind: a success replaces the failure of the same action before it', () => {
    noteUserInput();
    toast({ kind: 'auth.login', title: 'Login failed', variant: 'destructive' });
    toast({ kind: 'auth.login', title: 'Login failed', variant: 'destructive' });
    expect(titles()).toEqual(['Login failed']);
    toast({ kind: 'other', title: 'Something else' });
    noteUserInput();
    toast({ kind: 'auth.login', title: 'Login Successful' });
    expect(titles()).toEqual(['Login Successful', 'Something else']);
  });

  it('never stacks the same message twice when no kind is given, and keeps at most three', () => {
    toast({ title: 'Saved' });
    toast({ title: 'Saved' });
    expect(titles()).toEqual(['Saved']);
    for (const title of ['a', 'b', 'c']) toast({ title });
    expect(titles()).toEqual(['c', 'b', 'a']);
  });

  it('still closes a toast by itself after its duration, also one that replaced another', () => {
    toast({ kind: 'k', title: 'first', duration: 1000 });
    vi.advanceTimersByTime(600);
    toast({ kind: 'k', title: 'second', duration: 1000 });
    vi.advanceTimersByTime(600);
    expect(titles()).toEqual(['second']);
    vi.advanceTimersByTime(500);
    expect(titles()).toEqual([]);
  });

  it('closes the toasts of a screen when another screen is reached', () => {
    noteUserInput();
    toast({ title: 'Could not save', variant: 'destructive' });
    // The user moves on: a click on a link.
    noteUserInput();
    toastsFollowNavigation('/app/campaigns', 'PUSH');
    expect(titles()).toEqual([]);
  });

  it('keeps a toast that answers the click which started the navigation, through redirects, until the next screen', () => {
    noteUserInput(); // a first, wrong attempt
    toast({ kind: 'auth.login', title: 'Login failed', variant: 'destructive' });
    toast({ title: 'Unrelated, from before the click' });
    noteUserInput(); // "Sign in" again
    toast({ title: 'Login Successful' });
    toastsFollowNavigation('/app/brand', 'REPLACE');
    toastsFollowNavigation('/app/brand/dashboard', 'REPLACE');
    expect(titles()).toEqual(['Login Successful']);
    // The same screen again (a search parameter, a re-render) is no new screen.
    toastsFollowNavigation('/app/brand/dashboard', 'PUSH');
    expect(titles()).toEqual(['Login Successful']);
    // The user's next click elsewhere takes it away with the screen.
    noteUserInput();
    toastsFollowNavigation('/app/campaigns', 'PUSH');
    expect(titles()).toEqual([]);
  });

  it('closes every toast on Back and Forward, which the page sees no click for', () => {
    noteUserInput();
    toast({ title: 'Could not save', variant: 'destructive' });
    toastsFollowNavigation('/', 'POP');
    expect(titles()).toEqual([]);
  });

  it('closes the toasts written in one language when the screen changes to another, not those written after', async () => {
    const from = getLocale();
    const to = from === 'es' ? 'en' : 'es';
    let notified = 0;
    const stop = subscribeToasts(() => (notified += 1));
    try {
      toast({ kind: 'auth.login', title: from === 'es' ? 'Error al iniciar sesión' : 'Login failed', variant: 'destructive' });
      toast({ title: 'Other, in the old language' });
      await followLanguage(to);
      expect(titles()).toEqual([]);
      toast({ kind: 'auth.login', title: 'Written after the switch' });
      expect(titles()).toEqual(['Written after the switch']);
      expect(notified).toBeGreaterThan(0);
    } finally {
      stop();
      await followLanguage(from);
    }
    // Switching back closed it too: it was written in the other language.
    expect(titles()).toEqual([]);
  });
});
