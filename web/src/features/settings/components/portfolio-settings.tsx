import { useId, useRef, useState } from 'react';
import { PortfolioThumb } from '@/components/portfolio/portfolio-media';
import { PORTFOLIO_LIMIT, type PortfolioItem } from '@/components/portfolio/portfolio-item';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import { PortfolioFileRefused, useAddPortfolioItem, useMyPortfolio, useRemovePortfolioItem, useReorderPortfolio, useSetPortfolioCaption } from '../api/portfolio';
import { uploadCatalog } from '@/lib/upload-catalog';
import { UploadRefused } from '@/lib/verified-upload';
import { settingsCatalog } from '../messages/catalog';
import { settingsErrorText } from '../messages/settings-text';
import { megabytes } from '../utils/picture-file';
import {
  MAX_CAPTION_LENGTH,
  MAX_PORTFOLIO_IMAGE_BYTES,
  MAX_PORTFOLIO_VIDEO_BYTES,
  PORTFOLIO_IMAGE_TYPES,
  PORTFOLIO_VIDEO_TYPES,
  portfolioFileCheck,
} from '../utils/portfolio-file';
import { makeImageThumbnail } from '../utils/portfolio-thumbnail';

const limits = { imageMax: megabytes(MAX_PORTFOLIO_IMAGE_BYTES), videoMax: megabytes(MAX_PORTFOLIO_VIDEO_BYTES) };

/**
 * A creator's portfolio in Settings: add images and short videos (type and size checked here before the
 * upload, and by the bucket again), caption them, put them in order, remove them. Up to 12.
 */
export function PortfolioSettings({ userId }: { userId: string }) {
  const { data, isPending, isError, error } = useMyPortfolio(userId);
  const add = useAddPortfolioItem(userId);
  const reorder = useReorderPortfolio(userId);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const errorId = useId();
  const uploadText = useT(uploadCatalog).t;
  const { t } = useT(settingsCatalog);
  if (isPending) return <Spinner label={t('settings.portfolio.loading')} />;
  if (isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('settings.profile.loadError', { reason: settingsErrorText(t, error) })}
      </p>
    );
  }
  const items = data;
  const full = items.length >= PORTFOLIO_LIMIT;

  const addErrorText = (e: unknown, name: string): string => {
    if (e instanceof UploadRefused && e.problem === 'refused') return t('settings.portfolio.error.refused', limits);
    if (e instanceof UploadRefused) return uploadText(e.messageKey, { name });
    return settingsErrorText(t, e);
  };

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const check = portfolioFileCheck(file);
    if ('problem' in check) {
      return setProblem(
        check.problem === 'type'
          ? t('settings.portfolio.error.type', { name: file.name })
          : t('settings.portfolio.error.size', { name: file.name, size: megabytes(file.size), max: megabytes(check.max) }),
      );
    }
    let thumbnail: Blob | null = null;
    if (check.kind === 'image') {
      try {
        thumbnail = await makeImageThumbnail(file);
      } catch {
        return setProblem(t('settings.portfolio.error.unreadable', { name: file.name }));
      }
    }
    setProblem(null);
    add.mutate(
      { file, thumbnail, caption: null },
      {
        onSuccess: () => toast({ kind: 'settings.portfolio', title: t('settings.portfolio.toast.added') }),
        onError: (e) => setProblem(e instanceof PortfolioFileRefused ? t('settings.portfolio.error.type', { name: file.name }) : addErrorText(e, file.name)),
      },
    );
  };

  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    if (!item) return;
    next.splice(to, 0, item);
    reorder.mutate(next, { onError: (e) => setProblem(settingsErrorText(t, e)) });
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('settings.portfolio.title')}
        </h2>
        <p className="text-sm font-medium text-slate-700" data-testid="portfolio-count">
          {t('settings.portfolio.count', { count: items.length, max: PORTFOLIO_LIMIT })}
        </p>
      </div>
      <p className="text-sm text-slate-600">{t('settings.portfolio.lead')}</p>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{t('settings.portfolio.empty')}</p>
      ) : (
        <ol className="space-y-3">
          {items.map((item, i) => (
            <PortfolioRow
              key={item.id}
              userId={userId}
              item={item}
              n={i + 1}
              onUp={i > 0 ? () => move(i, i - 1) : undefined}
              onDown={i < items.length - 1 ? () => move(i, i + 1) : undefined}
              moving={reorder.isPending}
              onProblem={setProblem}
            />
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => input.current?.click()} disabled={full} pending={add.isPending} aria-describedby={problem ? errorId : undefined}>
          {add.isPending ? t('settings.portfolio.uploading') : t('settings.portfolio.add')}
        </Button>
        {full && <p className="text-sm text-slate-700">{t('settings.portfolio.full')}</p>}
      </div>
      <input
        ref={input}
        type="file"
        accept={[...PORTFOLIO_IMAGE_TYPES, ...PORTFOLIO_VIDEO_TYPES].join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-label={t('settings.portfolio.add')}
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <p className="text-xs text-slate-600">{t('settings.portfolio.rules', limits)}</p>
      {problem && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </section>
  );
}

function PortfolioRow({
  userId,
  item,
  n,
  onUp,
  onDown,
  moving,
  onProblem,
}: {
  userId: string;
  item: PortfolioItem;
  n: number;
  onUp: (() => void) | undefined;
  onDown: (() => void) | undefined;
  moving: boolean;
  onProblem: (text: string | null) => void;
}) {
  const [caption, setCaption] = useState(item.caption ?? '');
  const [captionError, setCaptionError] = useState<string | null>(null);
  const save = useSetPortfolioCaption(userId);
  const remove = useRemovePortfolioItem(userId);
  const captionId = useId();
  const { t } = useT(settingsCatalog);
  const label = t(item.kind === 'video' ? 'settings.portfolio.videoN' : 'settings.portfolio.imageN', { n });
  const name = item.caption || label;
  const changed = caption.trim() !== (item.caption ?? '');

  const onSave = () => {
    if (caption.trim().length > MAX_CAPTION_LENGTH) return setCaptionError(t('settings.error.caption_too_long'));
    setCaptionError(null);
    save.mutate(
      { itemId: item.id, caption: caption.trim() || null },
      {
        onSuccess: () => toast({ kind: 'settings.portfolio', title: t('settings.portfolio.toast.captionSaved') }),
        onError: (e) => setCaptionError(settingsErrorText(t, e)),
      },
    );
  };

  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-start" aria-label={label}>
      <div className="size-20 shrink-0">
        <PortfolioThumb item={item} label={label} />
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor={captionId} className="block text-sm font-medium text-slate-800">
          {t('settings.portfolio.caption', { n })}
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={captionId}
            value={caption}
            maxLength={MAX_CAPTION_LENGTH + 50}
            onChange={(e) => setCaption(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && changed) onSave();
            }}
            aria-invalid={captionError ? true : undefined}
            aria-describedby={captionError ? `${captionId}-error` : undefined}
            className="block h-8 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900"
          />
          <Button size="sm" variant="secondary" onClick={onSave} disabled={!changed} pending={save.isPending}>
            {t('settings.portfolio.saveCaption')}
          </Button>
        </div>
        {captionError && (
          <p id={`${captionId}-error`} className="mt-1 text-sm text-red-700">
            {captionError}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-1 sm:self-end">
        <Button size="sm" variant="ghost" onClick={onUp} disabled={!onUp || moving} aria-label={t('settings.portfolio.moveUp', { name })}>
          ↑<span className="ml-1">{t('settings.portfolio.up')}</span>
        </Button>
        <Button size="sm" variant="ghost" onClick={onDown} disabled={!onDown || moving} aria-label={t('settings.portfolio.moveDown', { name })}>
          ↓<span className="ml-1">{t('settings.portfolio.down')}</span>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700"
          pending={remove.isPending}
          aria-label={t('settings.portfolio.removeLabel', { name })}
          onClick={() =>
            remove.mutate(item.id, {
              onSuccess: () => toast({ kind: 'settings.portfolio', title: t('settings.portfolio.toast.removed') }),
              onError: (e) => onProblem(settingsErrorText(t, e)),
            })
          }
        >
          {t('settings.portfolio.remove')}
        </Button>
      </div>
    </li>
  );
}
