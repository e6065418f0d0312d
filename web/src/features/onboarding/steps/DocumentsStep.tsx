// Step 6: the ID document, food hygiene certificate and liability insurance, uploaded as private attachments
// (POST /v1/users/me/attachments) with a progress bar, listed with download and delete. Wrong type or size is
// refused before uploading, and every error shows at the document it belongs to.
import { useEffect, useId, useRef, useState } from 'react';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, REQUIRED_DOCUMENTS, type AttachmentKind } from '#shared/schemas/uploads.schema';
import { Button } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { client, unwrap, type Answer } from '../../../lib/client';
import { formatDate, formatNumber } from '../../../lib/format';
import { tk, useLocale, useT } from '../../../lib/i18n';
import { useApi } from '../../../lib/swr';
import { uploadAttachment, uploadCodes } from '../../../lib/upload';
import { CHEF_PATHS, useRefresh } from '../../chef-area/chefApi';
import { failureOf, inOwnWords } from '../../../lib/schema-form';
import { FieldErrorList } from '../../../components/Field';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError, Loading, ProgressBar } from '../../chef-area/states';

const KIND_KEYS: Record<(typeof REQUIRED_DOCUMENTS)[number], { title: string; text: string }> = {
  id_document: { title: tk('onboarding.documents.id_document.title'), text: tk('onboarding.documents.id_document.text') },
  hygiene_certificate: { title: tk('onboarding.documents.hygiene_certificate.title'), text: tk('onboarding.documents.hygiene_certificate.text') },
  liability_insurance: { title: tk('onboarding.documents.liability_insurance.title'), text: tk('onboarding.documents.liability_insurance.text') },
};

const attachments = client.users.me.attachments;
type Attachment = Answer<typeof attachments.$get>['data'][number];

const ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';
const EXTENSIONS = /\.(pdf|jpe?g|png|webp)$/i;
const DOCUMENT_CODES = uploadCodes('document');

/** A file the server would refuse for its type or size, as a translation key, else null. */
export function documentProblem(file: { name: string; type: string; size: number }): 'type' | 'size' | null {
  const typeOk = file.type ? (ATTACHMENT_TYPES as readonly string[]).includes(file.type) : EXTENSIONS.test(file.name);
  if (!typeOk) return 'type';
  if (file.size > ATTACHMENT_MAX_BYTES) return 'size';
  return null;
}

function useSize() {
  const locale = useLocale();
  return (bytes: number) => (bytes >= 1024 * 1024 ? `${formatNumber(bytes / 1024 / 1024, locale, 1)} MB` : `${formatNumber(Math.max(1, Math.round(bytes / 1024)), locale)} KB`);
}

function DocumentSlot({ kind, documents, onChanged }: { kind: (typeof REQUIRED_DOCUMENTS)[number]; documents: Attachment[]; onChanged: () => Promise<unknown> }) {
  const t = useT();
  const locale = useLocale();
  const size = useSize();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  const keys = KIND_KEYS[kind];
  const done = documents.length > 0;

  useEffect(() => () => abort.current?.abort(), []);

  async function upload(file: File) {
    setErrors([]);
    const problem = documentProblem(file);
    if (problem) {
      setErrors([problem === 'type' ? t('uploadrefusals.filetype') : t('uploadrefusals.filesize', { max: ATTACHMENT_MAX_BYTES / 1024 / 1024 })]);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      await uploadAttachment(kind as AttachmentKind, file, { signal: controller.signal, onProgress: (p) => setProgress(p.fraction) });
      await onChanged();
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') setErrors([t('chefarea.upload.cancelled')]);
      else {
        const f = inOwnWords(failureOf(err), DOCUMENT_CODES, t);
        setErrors(f.errors.file ?? f.errors.kind ?? [f.message]);
      }
    } finally {
      abort.current = null;
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  async function remove(doc: Attachment) {
    try {
      await unwrap(attachments[':id'].$delete({ param: { id: String(doc.id) } }));
      await onChanged();
    } catch (err) {
      setErrors([failureOf(err).message]);
    }
    setDeleting(null);
  }

  return (
    <li className="card flex flex-col gap-3 p-5" data-testid={`document-${kind}`}>
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 className="font-bold text-ink-900">{t(keys.title)}</h3>
          <p className="text-sm text-ink-600">{t(keys.text)}</p>
        </div>
        {done ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-herb-50 px-2.5 py-0.5 text-xs font-bold text-herb-700 ring-1 ring-herb-100">
            <Icon name="check" className="h-3.5 w-3.5" /> {t('onboarding.documents.uploaded')}
          </span>
        ) : null}
      </div>
      {documents.length ? (
        <ul className="flex flex-col gap-2">
          {documents.map((doc) => (
            <li key={doc.id} className="flex flex-wrap items-center gap-3 rounded-xl bg-cream-50 px-3 py-2 ring-1 ring-cream-200">
              <Icon name="check" className="h-4 w-4 text-herb-600" />
              <a href={doc.download_url} className="min-w-0 flex-1 truncate font-medium text-ink-900 link-underline" download>
                {doc.filename}
              </a>
              <span className="text-xs text-ink-600">
                {size(doc.size)} · {formatDate(doc.created_at, locale)}
              </span>
              <Button variant="ghost" size="sm" className="text-danger-700" onClick={() => setDeleting(doc)} aria-label={t('onboarding.documents.delete', { name: doc.filename })}>
                <Icon name="close" className="h-4 w-4" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={id}
          type="file"
          accept={ACCEPT}
          className="peer sr-only"
          disabled={progress !== null}
          aria-describedby={`${id}-hint${errors.length ? ` ${id}-error` : ''}`}
          aria-invalid={errors.length ? true : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
          data-testid={`document-input-${kind}`}
        />
        <label
          htmlFor={id}
          className={`btn btn-sm btn-outline cursor-pointer peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-brand-700 peer-focus-visible:outline-offset-2 ${progress !== null ? 'pointer-events-none opacity-60' : ''}`}
        >
          {done ? t('onboarding.documents.addanother') : t('onboarding.documents.choose')}
          <span className="sr-only"> – {t(keys.title)}</span>
        </label>
        <span id={`${id}-hint`} className="text-xs text-ink-600">
          {t('onboarding.documents.hint', { max: ATTACHMENT_MAX_BYTES / 1024 / 1024 })}
        </span>
      </div>
      {progress !== null ? (
        <div className="flex items-center gap-3">
          <div className="flex-1">
            <ProgressBar value={progress} label={t('onboarding.documents.progress', { name: t(keys.title) })} />
          </div>
          <Button variant="ghost" size="sm" onClick={() => abort.current?.abort()}>
            {t('chefarea.upload.cancel')}
          </Button>
        </div>
      ) : null}
      <div aria-live="polite">
        <FieldErrorList errorIcon id={`${id}-error`} name={`document-${kind}`} errors={errors} />
      </div>
      {deleting ? (
        <ConfirmDialog
          title={t('onboarding.documents.deletetitle')}
          text={t('onboarding.documents.deletetext', { name: deleting.filename })}
          confirmLabel={t('onboarding.documents.deleteconfirm')}
          onConfirm={() => remove(deleting)}
          cancelLabel={t('chefarea.common.cancel')}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </li>
  );
}

export function DocumentsStep() {
  const t = useT();
  const refresh = useRefresh();
  const list = useApi<Answer<typeof attachments.$get>>(attachments.$path());
  if (list.error && !list.data) return <LoadError retry={() => list.mutate()} />;
  if (!list.data) return <Loading />;
  const docs = list.data.data;
  const changed = () => Promise.all([list.mutate(), refresh(CHEF_PATHS.onboarding)]);
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-start gap-2 text-sm text-ink-700">
        <Icon name="info" className="mt-0.5 h-4 w-4 shrink-0" /> {t('onboarding.documents.private')}
      </p>
      <ul className="flex flex-col gap-4">
        {REQUIRED_DOCUMENTS.map((kind) => (
          <DocumentSlot key={kind} kind={kind} documents={docs.filter((d) => d.kind === kind)} onChanged={changed} />
        ))}
      </ul>
    </div>
  );
}
