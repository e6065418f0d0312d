// The picture of a popular city: the browser crops and resizes the chosen file into the city stacks (2:1) and uploads
// them as a 'city' image (lib/image-resize, lib/upload); the form then saves the new image id with the city.
import { useId, useRef, useState } from 'react';
import { FieldErrorList } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { ACCEPTED_IMAGE_TYPES, ImageResizeError, resizeToStacks } from '../../lib/image-resize';
import { useT } from '../../lib/i18n';
import { failureOf, inOwnWords } from '../../lib/schema-form';
import { uploadCodes, uploadImageStacks, type UploadedImage } from '../../lib/upload';

const RESIZE_ERRORS = {
  type: 'admin.locations.picture.type',
  size: 'admin.locations.picture.size',
  decode: 'admin.locations.picture.decode',
  encode: 'admin.locations.picture.encode',
} as const;
const PICTURE_CODES = uploadCodes('picture');

export function AdminLocationsPicture({ url, errors, onUploaded, onRemove }: { url: string | null; errors?: readonly string[]; onUploaded: (image: UploadedImage) => void; onRemove: () => void }) {
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<'idle' | 'resizing' | 'uploading'>('idle');
  const [percent, setPercent] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  async function handle(file: File) {
    setProblem(null);
    try {
      setPhase('resizing');
      const stacks = await resizeToStacks(file, 'city');
      setPhase('uploading');
      const image = await uploadImageStacks('city', stacks, { onProgress: (p) => setPercent(Math.round(p.fraction * 100)) });
      onUploaded(image);
    } catch (err) {
      if (err instanceof ImageResizeError) setProblem(t(RESIZE_ERRORS[err.reason]));
      else {
        const f = inOwnWords(failureOf(err), PICTURE_CODES, t);
        setProblem(Object.values(f.errors).flat()[0] ?? f.message);
      }
    } finally {
      setPhase('idle');
      setPercent(0);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  const all = [...(problem ? [problem] : []), ...(errors ?? [])];
  return (
    <div className="flex flex-col gap-2">
      <span className="field-label">{t('admin.locations.picture.label')}</span>
      <div className="flex aspect-[2/1] w-full max-w-sm items-center justify-center overflow-hidden rounded-xl bg-cream-100">
        {url ? <img src={url} alt={t('admin.locations.picture.alt')} className="h-full w-full object-cover" /> : <span className="text-sm text-ink-600">{t('admin.locations.picture.none')}</span>}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          className="peer sr-only"
          disabled={phase !== 'idle'}
          aria-invalid={all.length ? true : undefined}
          aria-describedby={`${id}-hint${all.length ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void handle(file);
          }}
          data-testid="city-picture-input"
        />
        <label htmlFor={id} className={`btn btn-sm btn-outline cursor-pointer peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-brand-700 ${phase !== 'idle' ? 'pointer-events-none opacity-60' : ''}`}>
          {url ? t('admin.locations.picture.replace') : t('admin.locations.picture.choose')}
        </label>
        {url && phase === 'idle' ? (
          <button type="button" className="btn btn-sm btn-ghost" onClick={onRemove}>
            {t('admin.locations.picture.remove')}
          </button>
        ) : null}
        {phase !== 'idle' ? (
          <span role="status" className="flex items-center gap-2 text-sm text-ink-700">
            <Spinner className="h-4 w-4" />
            {phase === 'resizing' ? t('admin.locations.picture.preparing') : t('admin.locations.picture.uploading', { percent })}
          </span>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-sm text-ink-600">
        {t('admin.locations.picture.hint')}
      </p>
      <FieldErrorList id={`${id}-error`} name="image_id" errors={all} />
    </div>
  );
}
