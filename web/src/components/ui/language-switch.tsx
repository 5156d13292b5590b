import { commonCatalog } from '@/i18n/common-catalog';
import { setLocale } from '@/i18n/locale-store';
import { saveLanguage } from '@/i18n/save-language';
import { LOCALES, type Locale } from '@/i18n/locales';
import { useT } from '@/i18n/use-t';
import { useSession } from '@/lib/auth';
import { cn } from './cn';

/**
 * Español | English | Português. Each name is written in its own language (and marked so for screen readers), so
 * a reader finds theirs whatever the page is in. A signed-in user's choice is also saved on their profile.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { session } = useSession();
  const { t, locale } = useT(commonCatalog);
  const choose = async (l: Locale) => {
    // Started first: it marks the cached profile at once, so the shell does not switch back meanwhile.
    const saving = session ? saveLanguage(l) : undefined;
    await setLocale(l);
    await saving;
  };
  return (
    <div role="group" aria-label={t('common.language')} className={cn('inline-flex rounded-md border border-slate-300 bg-white p-0.5 text-sm', className)}>
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === locale}
          onClick={() => void choose(l)}
          className={cn('flex-1 whitespace-nowrap rounded px-2 py-1 font-medium', l === locale ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100')}
        >
          {t(`common.language.${l}`)}
        </button>
      ))}
    </div>
  );
}
