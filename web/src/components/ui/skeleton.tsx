import { useLocale } from '@/i18n/locale-store';

/** In every language here, as the spinner's: a skeleton is what shows while a screen's code and catalog load. */
const LOADING = { en: 'Loading...', es: 'Cargando...', pt: 'Carregando...' } as const;

/**
 * The grey outline of a screen (a heading, a line, a few cards) while its code or data loads inside the
 * signed-in shell, announced as a status in the reader's language. index.html draws the same markup before
 * any script has run (web/build/prerender-shell.ts, decision 0037).
 */
export function ScreenSkeleton() {
  const locale = useLocale();
  return (
    <div aria-busy="true" className="animate-pulse space-y-6">
      <span role="status" className="sr-only">
        {LOADING[locale]}
      </span>
      <div aria-hidden="true">
        <div className="h-8 w-56 max-w-full rounded bg-slate-200" />
        <div className="mt-2 h-4 w-80 max-w-full rounded bg-slate-100" />
      </div>
      <div aria-hidden="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className={i === 0 ? 'h-40 rounded-lg border border-slate-200 bg-white p-5' : 'hidden h-40 rounded-lg border border-slate-200 bg-white p-5 sm:block'}>
            <div className="h-5 w-2/3 rounded bg-slate-200" />
            <div className="mt-3 h-4 rounded bg-slate-100" />
            <div className="mt-2 h-4 w-5/6 rounded bg-slate-100" />
          </div>
        ))}
      </div>
    </div>
  );
}
