// `npm run dev`: Vite with hot reload on http://localhost:5173, proxying /v1 to the API on :8787 (restarted on change).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env, API_ONLY: '1', PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173', LOG_REQUESTS: '1', WRANGLER_SEND_METRICS: 'false' };

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', '--watch-path=functions', '--watch-path=scripts', 'scripts/serve.ts', '--local'], { cwd: root, env, stdio: 'inherit' }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), '--config', 'web/vite.config.ts'], { cwd: root, env, stdio: 'inherit' }),
];

const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
