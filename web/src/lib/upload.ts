// Multipart uploads with progress. fetch() cannot report upload progress, so this uses XMLHttpRequest: same-origin,
// cookies included, the browser adds Origin; errors arrive as the same ApiError as every other call (api.ts `refusal`,
// so keyed messages read in the visitor's language), and uploadCodes gives the upload routes' refusals by code their
// text in the visitor's language.
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_COUNT, IMAGE_STACK_MAX_BYTES, IMAGE_STACKS, type AttachmentKind, type ImageKind } from '#shared/schemas/uploads.schema';
import { preferences } from '../state/preferences';
import { refusal, telemetry, unreached } from './api';
import { client, type Answer } from './client';
import { extensionOf, type ResizedImage } from './image-resize';
import type { Codes } from './schema-form';

export type UploadProgress = { loaded: number; total: number; /** 0..1 */ fraction: number };

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** POSTs `form` to `url` and resolves with the JSON body; rejects with ApiError (status 0 for network errors). */
export function uploadForm<T>(url: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    // Same-origin requests carry the session cookie without withCredentials; no Content-Type: the browser sets the
    // multipart boundary itself.
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('x-locale', preferences.locale);
    xhr.setRequestHeader('x-currency', preferences.currency);
    for (const [name, value] of Object.entries(telemetry.traceHeaders())) xhr.setRequestHeader(name, value);

    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);

    xhr.upload.onprogress = (event) => {
      if (!options.onProgress) return;
      const total = event.lengthComputable ? event.total : 0;
      options.onProgress({ loaded: event.loaded, total, fraction: total ? Math.min(1, event.loaded / total) : 0 });
    };
    xhr.onload = () => {
      done();
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.({ loaded: 1, total: 1, fraction: 1 });
        resolve(body as T);
        return;
      }
      reject(refusal(xhr.status, xhr.statusText, body));
    };
    xhr.onerror = () => {
      done();
      reject(unreached());
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.send(form);
  });
}

const images = client.users.me.images;
const attachments = client.users.me.attachments;

/** A picture as POST /v1/users/me/images answers it (inferred from the route). */
export type UploadedImage = Answer<typeof images.$post>['data'];

/** POST /v1/users/me/images: the kind plus one file per stack, named by the stack. */
export async function uploadImageStacks(kind: ImageKind, stacks: ResizedImage[], options: UploadOptions = {}): Promise<UploadedImage> {
  const form = new FormData();
  form.append('kind', kind);
  const wanted = Object.keys(IMAGE_STACKS[kind]);
  for (const s of stacks) {
    if (wanted.includes(s.stack)) form.append(s.stack, new File([s.blob], `${s.stack}.${extensionOf(s.blob)}`, { type: s.blob.type }));
  }
  const res = await uploadForm<Answer<typeof images.$post>>(images.$path(), form, options);
  return res.data;
}

/** A private document as POST /v1/users/me/attachments answers it (inferred from the route). */
export type Attachment = Answer<typeof attachments.$post>['data'];

/** POST /v1/users/me/attachments: one private document (`file`) of a kind. */
export async function uploadAttachment(kind: AttachmentKind, file: File, options: UploadOptions = {}): Promise<Attachment> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  const res = await uploadForm<Answer<typeof attachments.$post>>(attachments.$path(), form, options);
  return res.data;
}

const MB = 1024 * 1024;

/**
 * The refusals of the upload routes by code (schema-form `codes`, inOwnWords), with the limits they name: a picture's
 * prepared sizes (uploadImageStacks), a document, or a photo sent as an attachment (uploadAttachment).
 */
export function uploadCodes(what: 'picture' | 'document' | 'photo'): Codes {
  const tooLarge = what === 'picture' ? (['uploadrefusals.picturesize', { max: IMAGE_STACK_MAX_BYTES / MB }] as const) : (['uploadrefusals.filesize', { max: ATTACHMENT_MAX_BYTES / MB }] as const);
  return {
    FILE_TOO_LARGE: tooLarge,
    // The request as a whole over the server's body limit: the file in it is what was too large.
    PAYLOAD_TOO_LARGE: tooLarge,
    UNSUPPORTED_FILE_TYPE: what === 'document' ? 'uploadrefusals.filetype' : 'uploadrefusals.picturetype',
    TOO_MANY_ATTACHMENTS: ['uploadrefusals.toomany', { max: ATTACHMENT_MAX_COUNT }],
    RATE_LIMITED: 'uploadrefusals.often',
  };
}
