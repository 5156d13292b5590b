import { commonCatalog } from '@/i18n/common-catalog';
import { setLocale } from '@/i18n/locale-store';
import { LOCALES } from '@/i18n/locales';
import { useT } from '@/i18n/use-t';
import { cn } from './cn';

/**
 * Español | English. Each name is written in its own language (and marked so for screen readers), so
 * a reader finds theirs whatever the page is in.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, locale } = useT(commonCatalog);
  return (
    <div role="group" aria-label={t('common.language')} className={cn('inline-flex rounded-md border border-slate-300 bg-white p-0.5 text-sm', className)}>
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === locale}
          onClick={() => void setLocale(l)}
          className={cn('rounded px-2.5 py-1 font-medium', l === locale ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100')}
        >
          {t(`common.language.${l}`)}
        </button>
      ))}
    </div>
  );
}
