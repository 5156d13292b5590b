import { useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import { UploadRefused } from '@/lib/verified-upload';
import { PictureRefused, useRemovePicture, useSavePicture } from '../api/profile-picture';
import { settingsCatalog } from '../messages/catalog';
import { settingsErrorText } from '../messages/settings-text';
import { MAX_SOURCE_BYTES, MAX_UPLOAD_BYTES, megabytes, PICTURE_SIDE, PICTURE_TYPES, pictureFileProblem, type PictureBucket } from '../utils/picture-file';
import { centredView, encodeSquare, type CropView } from '../utils/square-crop';
import { SquareCropper } from './square-cropper';

interface Editing {
  image: ImageBitmap;
  view: CropView;
}

/**
 * The profile photo (creators, admins) or the brand logo (brands): choose a JPEG, PNG or WebP, frame it
 * in a square, and save a 512 px WebP into the user's own Storage folder. A wrong type or a file too big
 * is refused here, before anything is read or sent; the bucket refuses them again on the server.
 */
export function PictureSettings({ userId, name, bucket, currentUrl }: { userId: string; name: string; bucket: PictureBucket; currentUrl: string | null }) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const save = useSavePicture(userId, bucket);
  const remove = useRemovePicture(userId, bucket);
  const headingId = useId();
  const errorId = useId();
  // A decoded bitmap holds the whole picture in memory until it is closed: on cancel, on save, on leaving.
  const open = useRef<ImageBitmap | null>(null);
  open.current = editing?.image ?? null;
  useEffect(() => () => open.current?.close(), []);
  const { t } = useT(settingsCatalog);
  const kind = bucket === 'logos' ? 'logo' : 'avatar';
  const saveErrorText = (e: unknown): string => {
    const max = megabytes(MAX_UPLOAD_BYTES);
    if (e instanceof PictureRefused) return e.problem === 'size' ? t('settings.picture.error.squareSize', { max }) : t('settings.picture.error.refused', { max });
    // The square is drawn by the browser, so a refused type, size or content means the bucket's rules said no.
    if (e instanceof UploadRefused && e.problem !== 'failed') return t('settings.picture.error.refused', { max });
    return settingsErrorText(t, e);
  };

  const stopEditing = () => {
    editing?.image.close();
    setEditing(null);
  };

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const refused = pictureFileProblem(file);
    if (refused === 'type') return setProblem(t('settings.picture.error.type', { name: file.name }));
    if (refused === 'size') return setProblem(t('settings.picture.error.size', { name: file.name, size: megabytes(file.size), max: megabytes(MAX_SOURCE_BYTES) }));
    let image: ImageBitmap;
    try {
      // Decoded from the file itself: no blob: URL (the CSP allows none), and a file that only claims to
      // be an image fails here.
      image = await createImageBitmap(file);
    } catch {
      return setProblem(t('settings.picture.error.unreadable', { name: file.name }));
    }
    setProblem(null);
    setEditing({ image, view: centredView });
  };

  const onSave = async () => {
    if (!editing) return;
    let square: Blob;
    try {
      square = await encodeSquare(editing.image, editing.view, PICTURE_SIDE);
    } catch {
      return setProblem(t('settings.error.unknown'));
    }
    save.mutate(
      { square, previousUrl: currentUrl },
      {
        onSuccess: () => {
          stopEditing();
          toast({ kind: 'settings.picture', title: t('settings.picture.toast.saved') });
        },
        onError: (e) => setProblem(saveErrorText(e)),
      },
    );
  };

  const onRemove = () =>
    remove.mutate(currentUrl, {
      onSuccess: () => toast({ kind: 'settings.picture', title: t('settings.picture.toast.removed') }),
      onError: (e) => setProblem(settingsErrorText(t, e)),
    });

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t(`settings.picture.title.${kind}`)}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t(`settings.picture.lead.${kind}`)}</p>
      </div>
      {editing ? (
        <div className="space-y-4">
          <SquareCropper image={editing.image} view={editing.view} onChange={(view) => setEditing({ ...editing, view })} round />
          <div className="flex flex-wrap gap-2">
            <Button onClick={onSave} pending={save.isPending}>
              {t('settings.picture.save')}
            </Button>
            <Button variant="secondary" onClick={stopEditing} disabled={save.isPending}>
              {t('settings.picture.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-4">
          <Avatar src={currentUrl} name={name} size="xl" />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => input.current?.click()} aria-describedby={problem ? errorId : undefined}>
              {t(currentUrl ? 'settings.picture.change' : 'settings.picture.choose')}
            </Button>
            {currentUrl && (
              <Button variant="ghost" onClick={onRemove} pending={remove.isPending}>
                {t(`settings.picture.remove.${kind}`)}
              </Button>
            )}
          </div>
        </div>
      )}
      <input
        ref={input}
        type="file"
        accept={PICTURE_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-label={t('settings.picture.choose')}
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <p className="text-xs text-slate-600">{t('settings.picture.rules', { max: megabytes(MAX_SOURCE_BYTES) })}</p>
      {problem && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </section>
  );
}
