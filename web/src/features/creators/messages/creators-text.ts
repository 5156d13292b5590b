import type { MessageValues } from '@/i18n/use-t';
import { CREATOR_NICHES } from '../utils/discover-filters';
import type en from './en.json';

type Key = keyof typeof en;
type T = (key: Key, values?: MessageValues) => string;

/** The codes api.discover_creators, api.creator_portfolio and api.creator_statistics send in DETAIL. */
const ERROR_CODES = ['not_signed_in', 'not_brand', 'platform_invalid', 'rating_invalid', 'sort_invalid', 'cursor_invalid'] as const;

/** Why a creator screen could not load, in the reader's language: by the `api` code, never its English sentence. */
export function creatorsErrorText(t: T, error: unknown): string {
  const e = error as { details?: unknown; message?: unknown } | null;
  const code = ERROR_CODES.find((c) => c === e?.details);
  if (code) return t(`creators.error.${code}`);
  if (error instanceof TypeError || /failed to fetch|networkerror|load failed/i.test(String(e?.message ?? ''))) return t('creators.error.network');
  return t('creators.error.unknown');
}

/** A niche in the reader's language; the database allows only the listed ones, anything else shows as stored. */
export function nicheText(t: T, niche: string): string {
  const known = CREATOR_NICHES.find((n) => n === niche);
  return known ? t(`creators.niche.${known}`) : niche;
}
