// Rules of the upload calls (/v1/users/me/attachments, /v1/users/me/images), shared with the client's upload
// widgets: accepted kinds, types and sizes, and the pixel size of every image stack.
import * as v from 'valibot';
import { oneOf } from './fields';

/** The file types the server recognises by their first bytes (functions/_api/modules/uploads/file-types.ts). */
export type SniffedType = 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp';

/** A complaint_photo is a picture for a complaint (complaints module): private like every attachment, images only. */
export const ATTACHMENT_KINDS = ['id_document', 'hygiene_certificate', 'liability_insurance', 'other', 'complaint_photo'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];
/** The documents a chef application needs (PRODUCT "Chef onboarding", step 6). */
export const REQUIRED_DOCUMENTS = ['id_document', 'hygiene_certificate', 'liability_insurance'] as const satisfies readonly AttachmentKind[];

export const ATTACHMENT_TYPES: readonly SniffedType[] = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];
export const ATTACHMENT_MAX_BYTES = 8 * 1024 * 1024;
/** Documents a user can keep at once; deleting one frees a place. */
export const ATTACHMENT_MAX_COUNT = 30;

export const IMAGE_TYPES: readonly SniffedType[] = ['image/jpeg', 'image/png', 'image/webp'];
export const IMAGE_STACK_MAX_BYTES = 2 * 1024 * 1024;

/** The browser resizes each picture into these stacks before uploading; the server checks the sizes. */
export const IMAGE_STACKS = {
  avatar: { t256x256: [256, 256] },
  menu: { t512_1x1: [512, 512], t512_2x1: [512, 256], t1024_2x1: [1024, 512] },
  /** Popular cities (admin locations screen); only super-users upload these. */
  city: { t512_2x1: [512, 256], t1024_2x1: [1024, 512] },
} as const satisfies Record<string, Record<string, readonly [number, number]>>;
export type ImageKind = keyof typeof IMAGE_STACKS;
export const IMAGE_KINDS = Object.keys(IMAGE_STACKS) as ImageKind[];

export const attachmentKind = v.picklist(ATTACHMENT_KINDS, oneOf(ATTACHMENT_KINDS, 'validation.upload.attachmentkind'));
export const imageKind = v.picklist(IMAGE_KINDS, oneOf(IMAGE_KINDS, 'validation.upload.imagekind'));
