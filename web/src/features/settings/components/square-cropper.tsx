import { useEffect, useRef, type HTMLAttributes, type KeyboardEvent, type PointerEvent } from 'react';
import { useT } from '@/i18n/use-t';
import { settingsCatalog } from '../messages/catalog';
import { dragView, drawSquare, MAX_ZOOM, MIN_ZOOM, zoomView, type CropView, type Picture } from '../utils/square-crop';

/** A canvas kept at the device's pixel density, redrawn whenever the view changes. */
function SquareCanvas({ image, view, size, className, ...rest }: { image: Picture; view: CropView; size: number; className?: string } & HTMLAttributes<HTMLCanvasElement>) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const side = Math.round(size * (window.devicePixelRatio || 1));
    canvas.width = side;
    canvas.height = side;
    drawSquare(ctx, image, view, side);
  }, [image, view, size]);
  return <canvas ref={ref} width={size} height={size} style={{ width: size, height: size }} className={className} {...rest} />;
}

const FRAME = 240;
const KEY_STEP = 12;

/**
 * Frames the chosen picture in a square: drag it (mouse, finger or pen), or use the arrow keys, and zoom
 * with the slider or + and -. The round preview is the picture as the app will show it.
 */
export function SquareCropper({ image, view, onChange, round }: { image: Picture; view: CropView; onChange: (v: CropView) => void; round: boolean }) {
  const drag = useRef<{ x: number; y: number } | null>(null);
  const { t } = useT(settingsCatalog);
  const move = (dx: number, dy: number) => onChange(dragView(image.width, image.height, view, dx, dy, FRAME));
  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current) return;
    move(e.clientX - drag.current.x, e.clientY - drag.current.y);
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const steps: Record<string, [number, number]> = { ArrowLeft: [KEY_STEP, 0], ArrowRight: [-KEY_STEP, 0], ArrowUp: [0, KEY_STEP], ArrowDown: [0, -KEY_STEP] };
    const step = steps[e.key];
    if (step) move(step[0], step[1]);
    else if (e.key === '+' || e.key === '=') onChange(zoomView(view, view.zoom + 0.25));
    else if (e.key === '-') onChange(zoomView(view, view.zoom - 0.25));
    else return;
    e.preventDefault();
  };
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="space-y-3">
        <div className="relative overflow-hidden rounded-md" style={{ width: FRAME, height: FRAME }}>
          <SquareCanvas
            image={image}
            view={view}
            size={FRAME}
            role="img"
            tabIndex={0}
            aria-label={t('settings.picture.crop.label')}
            aria-describedby="picture-crop-keys"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => (drag.current = null)}
            onPointerCancel={() => (drag.current = null)}
            onKeyDown={onKeyDown}
            className="cursor-move touch-none rounded-md bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          />
          {/* What falls outside the circle is kept in the file but hidden where the app draws a round picture. */}
          {round && <div aria-hidden="true" className="pointer-events-none absolute inset-0 rounded-full shadow-[0_0_0_999px_rgba(15,23,42,0.35)]" />}
        </div>
        <p id="picture-crop-keys" className="text-xs text-slate-600" style={{ maxWidth: FRAME }}>
          {t('settings.picture.crop.keys')}
        </p>
        <label className="flex items-center gap-3 text-sm text-slate-700" style={{ maxWidth: FRAME }}>
          {t('settings.picture.crop.zoom')}
          <input
            type="range"
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.05}
            value={view.zoom}
            onChange={(e) => onChange(zoomView(view, Number(e.target.value)))}
            className="flex-1 accent-brand-600"
          />
        </label>
      </div>
      <div>
        <p className="mb-2 text-sm font-medium text-slate-700">{t('settings.picture.crop.preview')}</p>
        <div className="flex items-end gap-3">
          <SquareCanvas image={image} view={view} size={96} aria-hidden="true" className="rounded-full" />
          <SquareCanvas image={image} view={view} size={40} aria-hidden="true" className="rounded-full" />
        </div>
      </div>
    </div>
  );
}
