// The browser parts a picture upload goes through, stood in for where happy-dom has none: a canvas that records what
// is drawn and encodes to a blob, and an XMLHttpRequest that reports progress and answers as told.
import { vi } from 'vitest';

/** A canvas that records what is drawn and encodes to a blob of the asked type (or PNG where WebP is "unsupported"). */
export function mockCanvas({ webp }: { webp: boolean }) {
  const drawn: { width: number; height: number; args: number[] }[] = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const canvas = this;
    return {
      fillRect: () => undefined,
      drawImage: (_src: unknown, ...args: number[]) => drawn.push({ width: canvas.width, height: canvas.height, args }),
    } as unknown as CanvasRenderingContext2D;
  } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, callback: BlobCallback, type?: string) {
    const out = type === 'image/webp' && !webp ? 'image/png' : (type ?? 'image/png');
    callback(new Blob([`${this.width}x${this.height}`], { type: out }));
  });
  vi.stubGlobal('createImageBitmap', async () => ({ width: 4000, height: 3000, close: () => undefined }));
  return drawn;
}

/** Just enough XMLHttpRequest to drive an upload: progress events, then the response. */
export class FakeXhr {
  static last: FakeXhr | null = null;
  static respond: { status: number; body: unknown } = { status: 201, body: {} };
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: FormData | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    this.sent = body;
    queueMicrotask(() => {
      this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
      this.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true });
      this.status = FakeXhr.respond.status;
      this.responseText = JSON.stringify(FakeXhr.respond.body);
      this.onload?.();
    });
  }
}
