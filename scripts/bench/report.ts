// The benchmark's result table: one row per figure with its value, its budget and whether it is within it.

export type Outcome = 'pass' | 'FAIL' | 'info' | 'skipped';
export type Figure = { figure: string; value: string; budget: string; outcome: Outcome };

export const pass = (ok: boolean): Outcome => (ok ? 'pass' : 'FAIL');
export const ms = (x: number) => `${x.toFixed(x < 10 ? 3 : 1)} ms`;
export const ratio = (x: number) => `${x.toFixed(2)}×`;
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

export function table(rows: Figure[]): string {
  const head: Figure = { figure: 'figure', value: 'value', budget: 'budget', outcome: 'info' };
  const cells = (r: Figure) => [r.figure, r.value, r.budget, r === head ? 'result' : r.outcome];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...[head, ...rows].map((r) => cells(r)[i]!.length)));
  const line = (r: Figure) => `| ${cells(r).map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}
