// Structured JSON logging, one line per event, always carrying the request id.
export type Logger = {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
};

/** A class, so that a request's logger is one small object, not three closures made per request. */
class JsonLogger implements Logger {
  constructor(
    private readonly base: Record<string, unknown>,
    private readonly quiet: boolean,
  ) {}

  private write(level: 'info' | 'warn' | 'error', event: string, fields?: Record<string, unknown>): void {
    if (this.quiet && level === 'info') return;
    const line = JSON.stringify({ level, event, ...this.base, ...fields, t: new Date().toISOString() });
    if (level === 'error') console.error(line);
    else if (level === 'warn') console.warn(line);
    else console.log(line);
  }

  info(event: string, fields?: Record<string, unknown>): void {
    this.write('info', event, fields);
  }
  warn(event: string, fields?: Record<string, unknown>): void {
    this.write('warn', event, fields);
  }
  error(event: string, fields?: Record<string, unknown>): void {
    this.write('error', event, fields);
  }
}

export function createLogger(base: Record<string, unknown>, quiet = false): Logger {
  return new JsonLogger(base, quiet);
}
