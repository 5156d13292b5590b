import { describe, expect, test } from 'vitest';
import { accountState, countryList, countryName, countryOptions, onboardingOutcome, OTHER_COUNTRY, setupAction } from './payouts';

const SUPPORTED = ['AR', 'BR', 'CL', 'CO', 'MX', 'PE', 'US'];

describe('payout countries', () => {
  test("are named in the reader's language", () => {
    expect(countryName('MX', 'en')).toBe('Mexico');
    expect(countryName('MX', 'es')).toBe('México');
    expect(countryName('BR', 'es')).toBe('Brasil');
    expect(countryName('US', 'en')).toBe('United States');
  });

  test("are sorted by that name, each language its own way", () => {
    expect(countryOptions(SUPPORTED, 'en').map((o) => o.value)).toEqual(['AR', 'BR', 'CL', 'CO', 'MX', 'PE', 'US']);
    const es = countryOptions(SUPPORTED, 'es');
    expect(es.map((o) => o.label)).toEqual(['Argentina', 'Brasil', 'Chile', 'Colombia', 'Estados Unidos', 'México', 'Perú']);
    expect(es.map((o) => o.value)).not.toContain(OTHER_COUNTRY);
  });

  test('list as a sentence', () => {
    expect(countryList(['Argentina', 'Brazil', 'Chile'], 'en')).toBe('Argentina, Brazil, and Chile');
    expect(countryList(['Argentina', 'Brasil', 'Chile'], 'es')).toBe('Argentina, Brasil y Chile');
  });
});

describe('the payout account', () => {
  test('button sets up, continues or updates by state', () => {
    expect(setupAction(null)).toBe('setUp');
    expect(setupAction('onboarding')).toBe('continue');
    expect(setupAction('active')).toBe('update');
    expect(setupAction('needs_attention')).toBe('update');
  });

  test('card knows the three states and reads anything else as none', () => {
    expect(accountState('active')).toBe('active');
    expect(accountState('needs_attention')).toBe('needs_attention');
    expect(accountState(null)).toBe('none');
    expect(accountState('restricted')).toBe('none');
  });

  test("coming back from Stripe's page is done or expired", () => {
    expect(onboardingOutcome('return')).toBe('return');
    expect(onboardingOutcome('refresh')).toBe('refresh');
    expect(onboardingOutcome(null)).toBeNull();
    expect(onboardingOutcome('other')).toBeNull();
  });
});
