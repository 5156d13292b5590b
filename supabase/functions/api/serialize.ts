/**
 * The facade's JSON shape: the database speaks snake_case and integer cents; the spec's REST contract
 * speaks camelCase (fullName, brandId, contentUrl, ratePerPost, ...) and dollar numbers. Every
 * `*_cents` field becomes the dollar field the spec names (`amount`, `compensation`, `ratePerPost`) plus
 * the exact `*Cents` integer; platforms become the spec's comma-joined text; avatar_url/logo_url become
 * avatar/logo.
 */
export function toApi(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toApi);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'total_count') continue;
    if (key.endsWith('_cents')) {
      const base = camel(key.slice(0, -'_cents'.length));
      const cents = v === null || v === undefined ? null : Number(v);
      out[base] = cents === null ? null : cents / 100;
      out[`${base}Cents`] = cents;
      continue;
    }
    if (key === 'platforms' && Array.isArray(v)) {
      out.platforms = v.join(',');
      continue;
    }
    if (key === 'avatar_url') out.avatar = v;
    else if (key === 'logo_url') out.logo = v;
    else out[camel(key)] = toApi(v);
  }
  return out;
}

function camel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The spec's user fields (section 7), in the order current_profile returns them. */
const SPEC_USER_FIELDS = ['id', 'email', 'username', 'full_name', 'role', 'bio', 'avatar_url'] as const;

/**
 * The signed-in user as the spec's REST contract shows them: its fields only. What the app adds to the
 * profile (the reader's language) stays out of the facade's fixed shape.
 */
export function toApiUser(profile: unknown): unknown {
  const row = (profile ?? {}) as Record<string, unknown>;
  return toApi(Object.fromEntries(SPEC_USER_FIELDS.filter((f) => f in row).map((f) => [f, row[f]])));
}
