// The real Node server (scripts/serve.ts, API only) as the attack on it saw it: raw Host headers, an absolute request
// line and Cloudflare's headers sent by a client (issue 15 H1, L8), and its start-up checks (M5).
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_SECRETS } from '../../functions/_api/platform/config';
import { startServer, type RunningServer } from '../e2e/support/server';

const API_ONLY = { API_ONLY: '1', SEED_DEMO: '0', SEED_REGIONS: 'sample' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: RunningServer;
let db: Client;
const email = 'victim@example.com';

beforeAll(async () => {
  server = await startServer(API_ONLY);
  db = createClient({ url: `file:${path.join(server.dir, 'app.db')}` });
  const res = await fetch(`${server.url}/v1/auth/signup`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ firstname: 'Vic', lastname: 'Tim', email, password: 'a long password', cftoken: '' }),
  });
  expect(res.status).toBe(201);
}, 120_000);
afterAll(async () => {
  db?.close();
  await server?.stop();
});

const port = () => Number(new URL(server.url).port);

async function lastResetMail(): Promise<string> {
  const rs = await db.execute({ sql: "select body from outbox where recipient = ? and channel = 'mail' and body like '%/auth/recovery%' order by id desc limit 1", args: [email] });
  return String(rs.rows[0]?.body ?? '');
}

/** Sends exactly these bytes and reads the status line of the answer. */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port(), '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (d) => {
      answer += d;
      if (answer.includes('\r\n\r\n')) socket.end();
    });
    socket.on('end', () => resolve(answer.split('\r\n')[0]!));
    socket.on('error', reject);
  });
}

describe('a forged host', () => {
  it('does not reach the password-reset link through the Host header', async () => {
    const body = JSON.stringify({ email });
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: port(), method: 'POST', path: '/v1/auth/forgot', headers: { host: 'evil.example.net', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(200);
    const mail = await lastResetMail();
    expect(mail).toContain(`${server.url}/auth/recovery?email=`);
    expect(mail).not.toContain('evil.example.net');
  });

  it('does not reach it through an absolute request line either', async () => {
    await db.execute({ sql: 'delete from outbox where recipient = ?', args: [email] });
    const body = JSON.stringify({ email });
    const status = await raw(
      `POST http://attacker.example/v1/auth/forgot HTTP/1.1\r\nHost: attacker.example\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(status).toMatch(/^HTTP\/1\.1 200/);
    const mail = await lastResetMail();
    expect(mail).toContain(`${server.url}/auth/recovery?email=`);
    expect(mail).not.toContain('attacker.example');
  });
});

describe("Cloudflare's headers from a client", () => {
  it('never make the request id: a cf-ray is dropped and a fresh id echoed', async () => {
    const ray = '0123456789abcdef-ZRH';
    const res = await fetch(`${server.url}/v1/ping`, { headers: { 'cf-ray': ray } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).not.toBe(ray);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  });

  it('are all dropped before the API sees the request, and x-real-ip is the socket: a session records 127.0.0.1', async () => {
    const res = await fetch(`${server.url}/v1/auth/signin`, {
      method: 'POST',
      headers: {
        origin: server.url,
        'content-type': 'application/json',
        'user-agent': 'spoofing-client',
        'cf-connecting-ip': '1.2.3.4',
        'CF-Connecting-IP': '1.2.3.5',
        'x-real-ip': '5.6.7.8',
        'cf-ipcountry': 'CH',
      },
      body: JSON.stringify({ identifier: email, secret: 'a long password' }),
    });
    expect(res.status).toBe(200);
    const rs = await db.execute({ sql: "select ip from sessions where user_agent = 'spoofing-client'", args: [] });
    expect(rs.rows.map((r) => r.ip)).toEqual(['127.0.0.1']);
  });
});

describe('start-up checks', () => {
  /** Starts the server and returns what it printed before it exited; fails when it starts. */
  async function refusedStart(env: Record<string, string>): Promise<string> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ylc-start-'));
    try {
      const started = await startServer({ ...API_ONLY, ...env }, { dir, timeoutMs: 60_000 });
      await started.stop();
    } catch (err) {
      const message = String(err);
      expect(message).toMatch(/server exited with 1/);
      return message;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    throw new Error('the server started');
  }

  it('refuses a production instance without its secrets, naming each and no value', async () => {
    const output = await refusedStart({ APP_ENV: 'production', PUBLIC_URL: 'https://www.example.ch', STRIPE_SECRET_KEY: 'sk_live_do_not_print' });
    expect(output).toContain('The configuration is incomplete (APP_ENV=production)');
    for (const name of PRODUCTION_SECRETS.filter((n) => n !== 'STRIPE_SECRET_KEY')) expect(output).toContain(name);
    expect(output).not.toContain('STRIPE_SECRET_KEY;');
    expect(output).not.toMatch(/sk_live_do_not_print|e2e-secret/);
    expect(output).not.toContain('is running at');
  });

  it('takes production as the default: without APP_ENV and PUBLIC_URL it does not start', async () => {
    const output = await refusedStart({ APP_ENV: '' });
    expect(output).toContain('(APP_ENV=production)');
    expect(output).toContain('PUBLIC_URL');
    expect(output).toContain('STRIPE_SECRET_KEY');
  });
});
