// Which characters a text may carry, in one place: request validation (every string of every request), contact
// masking and upload file names use the same classes, so "control" and "invisible" mean the same everywhere.
import * as v from 'valibot';
import { messageText } from './validation-messages';

/**
 * Marks a string schema as multi-line text (messages, descriptions, notes, reasons): line breaks and tabs are
 * allowed in it. Every other string refuses them; see `textProblem`.
 */
export const multiline = v.metadata<string, { readonly multiline: true }>({ multiline: true });

/** C0 controls, DEL and C1 controls, without line feed and carriage return (a line break, judged on its own). */
const CONTROL = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** The same without the tab, which multi-line texts keep. */
const CONTROL_BUT_TAB = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/**
 * Bidi embeddings, overrides and isolates (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI). They reorder the text around
 * them: "x\u202egpj.exe.pdf" shows as "xfdp.exe.jpg". The marks LRM, RLM and ALM only nudge neutral characters and
 * stay allowed.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

/**
 * Characters that take no space on screen: format characters (zero-width space and joiners, word joiner, soft
 * hyphen, BOM, bidi controls and marks) and the fillers that render blank.
 */
export const INVISIBLE = /[\p{Cf}\u034f\u115f\u1160\u180e\u3164\uffa0]/gu;

/**
 * Why a text may not be stored, or null. NUL and the other C0/C1 controls are refused everywhere (a NUL hides the
 * rest of a text from some readers and breaks full-text queries); a single-line text (a name, a title, a search)
 * also refuses line breaks, tabs and bidi controls, which would let a name spoof what it shows.
 */
export function textProblem(value: string, isMultiline: boolean): string | null {
  if (isMultiline) return CONTROL_BUT_TAB.test(value) ? messageText('validation.text.control') : null;
  if (CONTROL.test(value) || BIDI_CONTROL.test(value)) return messageText('validation.text.control');
  return LINE_BREAK.test(value) ? messageText('validation.text.oneline') : null;
}
