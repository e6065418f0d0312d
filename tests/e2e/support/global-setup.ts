// One server for the whole browser suite; its URL reaches the tests through vitest's provide/inject.
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './server';
import { chromiumPath } from './browser';

let server: RunningServer | undefined;

export default async function setup(project: TestProject) {
  chromiumPath(); // fail early, with install instructions, when there is no browser
  server = await startServer();
  project.provide('baseURL', server.url);
  // The server's database file, so journeys can read what it wrote (e.g. the mail outbox).
  project.provide('databaseUrl', `file:${path.join(server.dir, 'app.db')}`);
  return async () => {
    await server?.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    databaseUrl: string;
  }
}
