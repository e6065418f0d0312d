// Structured JSON logging, one line per event, always carrying the request id.
export type Logger = {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
};

export function createLogger(base: Record<string, unknown>, quiet = false): Logger {
  const write = (level: string, event: string, fields?: Record<string, unknown>) => {
    if (quiet && level === 'info') return;
    const line = JSON.stringify({ level, event, ...base, ...fields, t: new Date().toISOString() });
    if (level === 'error') console.error(line);
    else if (level === 'warn') console.warn(line);
    else console.log(line);
  };
  return {
    info: (e, f) => write('info', e, f),
    warn: (e, f) => write('warn', e, f),
    error: (e, f) => write('error', e, f),
  };
}
