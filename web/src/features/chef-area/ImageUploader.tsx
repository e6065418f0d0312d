// Picture upload for the avatar and menu pictures: the browser crops and resizes the picture into the server's
// stacks (lib/image-resize), uploads them with a progress bar (lib/upload) and hands the new image to the caller.
// Errors (wrong type, unreadable, refused by the server: in the visitor's words by its code) show right at the picker,
// which then has the focus.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ImageKind } from '#shared/schemas/uploads.schema';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { ACCEPTED_IMAGE_TYPES, ImageResizeError, resizeToStacks } from '../../lib/image-resize';
import { useT } from '../../lib/i18n';
import { uploadCodes, uploadImageStacks, type UploadedImage } from '../../lib/upload';
import { FieldErrorList } from '../../components/Field';
import { failureOf, inOwnWords } from '../../lib/schema-form';
import { ProgressBar } from './states';

const PICTURE_CODES = uploadCodes('picture');

type Phase = { name: 'idle' } | { name: 'resizing' } | { name: 'uploading'; fraction: number };

const RESIZE_ERRORS = {
  type: 'chefarea.upload.image.type',
  size: 'chefarea.upload.image.size',
  decode: 'chefarea.upload.image.decode',
  encode: 'chefarea.upload.image.encode',
} as const;

export function ImageUploader({
  kind,
  name,
  label,
  hint,
  currentUrl,
  onUploaded,
  onStart,
  errors,
  preview,
  testId,
}: {
  kind: ImageKind;
  /** The field the picture is saved in (image_id): the form layer places that field's errors here, at the picker. */
  name: string;
  label: string;
  hint?: string;
  /** The picture shown now (server url), if any. */
  currentUrl?: string | null | undefined;
  onUploaded: (image: UploadedImage) => Promise<unknown> | void;
  /** A picture was chosen: what came of the previous one (a "saved" note) is no longer news. */
  onStart?: () => void;
  /** Errors of the field this picture belongs to (e.g. image_id from a save). */
  errors?: readonly string[] | undefined;
  /** How to show the picture; receives the url to show or null. */
  preview: (url: string | null) => ReactNode;
  testId?: string;
}) {
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [problems, setProblems] = useState<string[]>([]);
  const [localUrl, setLocalUrl] = useState<string | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);
  useEffect(
    () => () => {
      if (localUrl) URL.revokeObjectURL(localUrl);
    },
    [localUrl],
  );

  const busy = phase.name !== 'idle';
  // A refused picture puts the focus on the picker (enabled again by then), which the messages describe.
  useEffect(() => {
    if (problems.length) inputRef.current?.focus();
  }, [problems]);

  async function handle(file: File) {
    setProblems([]);
    onStart?.();
    if (file.type && !ACCEPTED_IMAGE_TYPES.includes(file.type)) {
      setProblems([t(RESIZE_ERRORS.type)]);
      return;
    }
    setPhase({ name: 'resizing' });
    try {
      const stacks = await resizeToStacks(file, kind);
      const shown = stacks.reduce((a, b) => (b.width > a.width ? b : a));
      setPhase({ name: 'uploading', fraction: 0 });
      const controller = new AbortController();
      abortRef.current = controller;
      const image = await uploadImageStacks(kind, stacks, { signal: controller.signal, onProgress: (p) => setPhase({ name: 'uploading', fraction: p.fraction }) });
      setLocalUrl(URL.createObjectURL(shown.blob));
      await onUploaded(image);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') {
        setProblems([t('chefarea.upload.cancelled')]);
      } else if (err instanceof ImageResizeError) {
        setProblems([t(RESIZE_ERRORS[err.reason])]);
      } else {
        const f = inOwnWords(failureOf(err), PICTURE_CODES, t);
        const fieldMessages = Object.values(f.errors).flat();
        setProblems(fieldMessages.length ? fieldMessages : [f.message]);
      }
    } finally {
      abortRef.current = null;
      setPhase({ name: 'idle' });
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  const shownUrl = localUrl ?? currentUrl ?? null;
  const allErrors = [...problems, ...(errors ?? [])];

  return (
    <div data-testid={testId} className="flex flex-col gap-3">
      <div>{preview(shownUrl)}</div>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          className="peer sr-only"
          disabled={busy}
          aria-describedby={`${id}-hint${allErrors.length ? ` ${id}-error` : ''}`}
          aria-invalid={allErrors.length ? true : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void handle(file);
          }}
        />
        <label htmlFor={id} className={`btn btn-sm btn-outline cursor-pointer peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-brand-700 peer-focus-visible:outline-offset-2 ${busy ? 'pointer-events-none opacity-60' : ''}`}>
          {label}
        </label>
        {phase.name === 'resizing' ? (
          <span role="status" className="flex items-center gap-2 text-sm text-ink-700">
            <Spinner className="h-4 w-4" />
            {t('chefarea.upload.preparing')}
          </span>
        ) : null}
      </div>
      {phase.name === 'uploading' ? (
        <div className="flex items-center gap-3">
          <div className="flex-1">
            <ProgressBar value={phase.fraction} label={t('chefarea.upload.progress')} />
          </div>
          <Button variant="ghost" size="sm" onClick={() => abortRef.current?.abort()}>
            {t('chefarea.upload.cancel')}
          </Button>
        </div>
      ) : null}
      <p id={`${id}-hint`} className="text-sm text-ink-600">
        {hint ?? t('chefarea.upload.image.hint')}
      </p>
      <div aria-live="polite">
        <FieldErrorList errorIcon id={`${id}-error`} name={name} errors={allErrors} />
      </div>
    </div>
  );
}
