// Downloads a file the API writes (a bank file, a CSV) through fetch instead of a plain link, so that a refusal comes
// back as an ApiError with its per-field reasons for the screen to show, rather than as a saved JSON file.
import { result, send } from './api';

/** The file name of a Content-Disposition attachment, or the fallback. */
export function attachmentName(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/** Fetches `url` and saves the answer under the name the server gives; throws an ApiError when it refuses. */
export async function downloadFile(url: string, fallbackName: string): Promise<string> {
  const res = await send(url, 'GET', undefined);
  if (!res.ok) await result(res);
  const name = attachmentName(res.headers.get('content-disposition'), fallbackName);
  const href = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the object URL can go once this turn is over.
  setTimeout(() => URL.revokeObjectURL(href), 0);
  return name;
}
