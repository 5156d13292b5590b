import { describe, expect, test } from 'vitest';
import {
  accountSchema,
  brandProfileSchema,
  centsToRate,
  creatorProfileSchema,
  passwordSchema,
  rateToCents,
  settingsMessages as m,
} from './settings-schemas';

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('account', () => {
  const ok = { fullName: 'Sofía Ríos', username: 'sofia.rios', email: 'sofia@demo.test', bio: '' };
  test('accepts a valid account and trims', () => {
    expect(accountSchema.parse({ ...ok, fullName: '  Sofía Ríos ' }).fullName).toBe('Sofía Ríos');
  });
  test('explains each rule', () => {
    expect(messages(accountSchema.safeParse({ ...ok, fullName: 'S', username: 'so', email: 'nope' }))).toEqual([
      `fullName: ${m.fullNameMin}`,
      `username: ${m.usernameMin}`,
      `email: ${m.email}`,
    ]);
    expect(messages(accountSchema.safeParse({ ...ok, username: 'no spaces' }))).toEqual([`username: ${m.usernameChars}`]);
    expect(messages(accountSchema.safeParse({ ...ok, bio: 'x'.repeat(2001) }))).toEqual([`bio: ${m.bioMax}`]);
  });
  test('a full name needs two visible characters (zero-width ones do not count)', () => {
    for (const fullName of ['\u200B\u200B', 'A\u200B', '\u2060 \uFEFF']) {
      expect(messages(accountSchema.safeParse({ ...ok, fullName }))).toEqual([`fullName: ${m.fullNameMin}`]);
    }
  });
});

describe('brand profile', () => {
  test('needs a company name; other fields are optional, the contact email valid when given', () => {
    const base = { companyName: 'Acme', website: '', industry: '', contactEmail: '', contactPhone: '' };
    expect(brandProfileSchema.safeParse(base).success).toBe(true);
    expect(messages(brandProfileSchema.safeParse({ ...base, companyName: '  ', contactEmail: 'x@' }))).toEqual([
      `companyName: ${m.companyName}`,
      `contactEmail: ${m.contactEmail}`,
    ]);
  });
  test('a company name of invisible characters only is refused', () => {
    const base = { companyName: '\u200B\uFEFF', website: '', industry: '', contactEmail: '', contactPhone: '' };
    expect(messages(brandProfileSchema.safeParse(base))).toEqual([`companyName: ${m.companyName}`]);
  });
  test('the website is an http(s) link; a bare domain gains https://', () => {
    const base = { companyName: 'Acme', website: '', industry: '', contactEmail: '', contactPhone: '' };
    for (const website of ['javascript:alert(7)', 'data:text/html,x', '//acme.com', 'ftp://acme.com']) {
      expect(messages(brandProfileSchema.safeParse({ ...base, website })), website).toEqual([`website: ${m.website}`]);
    }
    expect(brandProfileSchema.parse({ ...base, website: 'acme.com' }).website).toBe('https://acme.com');
    expect(brandProfileSchema.parse({ ...base, website: ' https://acme.com/es ' }).website).toBe('https://acme.com/es');
    expect(brandProfileSchema.parse(base).website).toBe('');
  });
});

describe('creator profile', () => {
  const base = { niche: '', location: '', instagramHandle: '', tiktokHandle: '', youtubeHandle: '', ratePerPost: '' } as const;
  test('accepts blanks, strips @ from handles', () => {
    const parsed = creatorProfileSchema.parse({ ...base, niche: 'Food', instagramHandle: '@sofi_a', ratePerPost: '150' });
    expect(parsed.instagramHandle).toBe('sofi_a');
    expect(parsed.niche).toBe('Food');
  });
  test('refuses unknown niches, short or odd handles', () => {
    expect(messages(creatorProfileSchema.safeParse({ ...base, niche: 'Cars' }))).toEqual([`niche: ${m.niche}`]);
    expect(messages(creatorProfileSchema.safeParse({ ...base, tiktokHandle: 'ab', youtubeHandle: 'a b c' }))).toEqual([
      `tiktokHandle: ${m.handleMin}`,
      `youtubeHandle: ${m.handleChars}`,
    ]);
  });
  test('rate per post: numeric, min 0, step 10', () => {
    expect(messages(creatorProfileSchema.safeParse({ ...base, ratePerPost: 'abc' }))).toEqual([`ratePerPost: ${m.rateNumber}`]);
    expect(messages(creatorProfileSchema.safeParse({ ...base, ratePerPost: '-10' }))).toEqual([`ratePerPost: ${m.rateMin}`]);
    expect(messages(creatorProfileSchema.safeParse({ ...base, ratePerPost: '25' }))).toEqual([`ratePerPost: ${m.rateStep}`]);
    expect(creatorProfileSchema.safeParse({ ...base, ratePerPost: '0' }).success).toBe(true);
    expect(creatorProfileSchema.safeParse({ ...base, ratePerPost: '1230' }).success).toBe(true);
  });
  test('dollars become cents, blank is omitted', () => {
    expect(rateToCents('150')).toBe(15000);
    expect(rateToCents(' ')).toBeUndefined();
    expect(centsToRate(15000)).toBe('150');
    expect(centsToRate(null)).toBe('');
  });
});

describe('password', () => {
  test('needs the current password, 6+ characters and a matching confirmation', () => {
    expect(messages(passwordSchema.safeParse({ currentPassword: '', newPassword: '12345', confirmPassword: '12345' }))).toEqual([
      `currentPassword: ${m.currentPassword}`,
      `newPassword: ${m.newPasswordMin}`,
    ]);
    expect(messages(passwordSchema.safeParse({ currentPassword: 'old', newPassword: 'newpass1', confirmPassword: 'newpass2' }))).toEqual([
      `confirmPassword: ${m.passwordMismatch}`,
    ]);
    expect(passwordSchema.safeParse({ currentPassword: 'old', newPassword: 'newpass1', confirmPassword: 'newpass1' }).success).toBe(true);
  });
});
