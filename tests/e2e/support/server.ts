// Starts the real Node server (scripts/serve.ts) as a child process on a free port with its own database and state.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export type RunningServer = { url: string; dir: string; child: ChildProcess; output: () => string; stop(): Promise<void> };

export async function startServer(env: Record<string, string> = {}, opts: { dir?: string; timeoutMs?: number } = {}): Promise<RunningServer> {
  const dir = opts.dir ?? mkdtempSync(path.join(os.tmpdir(), 'ylc-e2e-'));
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/serve.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `file:${path.join(dir, 'app.db')}`,
      WRANGLER_STATE_DIR: path.join(dir, 'state'),
      SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
      WRANGLER_SEND_METRICS: 'false',
      // A test instance: local adapters, and the public origin is this server's (http://localhost:<port>).
      APP_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  while (!log.includes('is running at')) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dir,
    child,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!opts.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
