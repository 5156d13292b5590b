import { useLocale } from '@/i18n/locale-store';
import { cn } from './cn';

/** In every language here, not in a catalog: a spinner is what shows while a catalog loads. */
const LOADING = { en: 'Loading...', es: 'Cargando...', pt: 'Carregando...' } as const;

/**
 * A loading indicator. With a label (default "Loading..." in the reader's language) it is announced as a
 * status; pass `label={null}` when the surrounding control already says what is happening.
 */
export function Spinner({ size = 'md', label, className }: { size?: 'sm' | 'md' | 'lg'; label?: string | null; className?: string }) {
  const locale = useLocale();
  const box = { sm: 'size-4 border-2', md: 'size-8 border-3', lg: 'size-12 border-4' }[size];
  const circle = <span aria-hidden="true" className={cn('inline-block animate-spin rounded-full border-current border-r-transparent', box, className)} />;
  if (label === null) return circle;
  return (
    <span role="status" className="inline-flex items-center">
      {circle}
      <span className="sr-only">{label ?? LOADING[locale]}</span>
    </span>
  );
}

/** A spinner centred in the page, for whole-screen waits (guard, lazy routes). */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center text-brand-600">
      <Spinner size="lg" label={label} />
    </div>
  );
}
