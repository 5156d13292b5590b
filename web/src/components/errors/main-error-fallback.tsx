import { getLocale } from '@/i18n/locale-store';

/**
 * In every language here, not in a catalog: this screen shows when something failed to load, and a
 * catalog may be what failed.
 */
const TEXT = {
  en: { title: 'Something went wrong', body: 'Please reload the page. If it keeps happening, try again later.', reload: 'Reload' },
  es: { title: 'Algo salió mal', body: 'Vuelve a cargar la página. Si sigue pasando, inténtalo más tarde.', reload: 'Volver a cargar' },
  pt: { title: 'Algo deu errado', body: 'Recarregue a página. Se continuar acontecendo, tente de novo mais tarde.', reload: 'Recarregar' },
} as const;

/** What a broken screen shows: a plain message and a reload button (the router's error element). */
export function MainErrorFallback() {
  const text = TEXT[getLocale()];
  return (
    <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold text-slate-900">{text.title}</h1>
      <p className="text-sm text-slate-600">{text.body}</p>
      <button type="button" onClick={() => window.location.reload()} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        {text.reload}
      </button>
    </div>
  );
}
