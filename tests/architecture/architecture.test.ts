// The boundaries of ARCHITECTURE.md "Rules that keep this readable", as a test: the web imports nothing from
// functions/ but the API's type, features do not import each other, a server module reaches another only through its
// public surface (*.service.ts, *.schema.ts, *.middleware.ts), foundations (shared/, web components/ lib/ state/,
// server lib/ platform/ db/) import nothing built on them, no files or modules import each other in a cycle, and a
// lost race writes nothing by one mechanism only (db/guarded-write.ts is the one file that reads changes()).
// The second half feeds each rule a deliberate violation, so a rule that could never fail would show here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXCEPTIONS } from './exceptions';
import {
  checkArchitecture,
  featureImportsFeature,
  GUARDED_WRITE,
  importCycles,
  importsOf,
  layers,
  moduleInternals,
  readGraph,
  secondLostRaceMechanism,
  serverSources,
  staleExceptions,
  webImportsServer,
  type Edge,
} from './graph';

const root = path.resolve(import.meta.dirname, '../..');

describe('the source tree', () => {
  it('keeps every boundary (exceptions: tests/architecture/exceptions.ts)', () => {
    const edges = readGraph(root);
    expect(edges.length).toBeGreaterThan(1000); // the graph was read at all
    expect(checkArchitecture(edges, EXCEPTIONS).map((v) => `[${v.rule}] ${v.message}`)).toEqual([]);
  });

  it('has one way for a lost race to write nothing: only db/guarded-write.ts reads changes()', () => {
    const files = serverSources(root);
    expect(files[GUARDED_WRITE]).toContain('changes()');
    expect(secondLostRaceMechanism(files).map((v) => v.message)).toEqual([]);
  });
});

const edge = (from: string, to: string, typeOnly = false, names: string[] = []): Edge => ({ from, to, typeOnly, names });
const none = { pendingWebToServer: [], featureImports: [], pendingModuleInternals: [], allowedCycles: [] };

describe('each rule reports a deliberate violation', () => {
  it('the web importing server code, but not the API type', () => {
    const edges = [
      edge('web/src/lib/format.ts', 'functions/_api/modules/pricing/pricing.ts', false, ['formatMoney']),
      edge('web/src/lib/api.ts', 'functions/_api/app.ts', true, ['AppType']),
      edge('web/src/lib/bad.ts', 'functions/_api/app.ts', false, ['AppType']), // a value import pulls the server in
      edge('web/src/lib/format.ts', 'shared/pricing.ts', false, ['formatMoney']),
    ];
    expect(webImportsServer(edges, []).map((v) => v.message.split(':')[0])).toEqual([
      'web/src/lib/format.ts -> functions/_api/modules/pricing/pricing.ts',
      'web/src/lib/bad.ts -> functions/_api/app.ts',
    ]);
    expect(webImportsServer(edges, ['web/src/lib/format.ts -> functions/_api/modules/pricing/pricing.ts', 'web/src/lib/bad.ts -> functions/_api/app.ts'])).toEqual([]);
  });

  it('a feature importing another feature, unless allowed', () => {
    const edges = [
      edge('web/src/features/admin/AdminBookingPage.tsx', 'web/src/features/bookings/BookingParts.tsx'),
      edge('web/src/features/admin/AdminBookingPage.tsx', 'web/src/features/admin/parts.tsx'),
      edge('web/src/features/admin/AdminBookingPage.tsx', 'web/src/components/Button.tsx'),
      edge('web/src/app/routeTable.tsx', 'web/src/features/admin/AdminBookingPage.tsx'),
    ];
    const [violation, ...rest] = featureImportsFeature(edges, []);
    expect(rest).toEqual([]);
    expect(violation?.message).toContain('feature "admin" imports feature "bookings"');
    expect(featureImportsFeature(edges, ['admin -> bookings'])).toEqual([]);
    expect(featureImportsFeature(edges, ['bookings -> admin'])).toHaveLength(1); // an allowance has a direction
  });

  it('a module reaching into another module past its service, schema and middleware', () => {
    const edges = [
      edge('functions/_api/modules/payments/payments.service.ts', 'functions/_api/modules/bookings/ledger.ts'),
      edge('functions/_api/modules/payments/payments.service.ts', 'functions/_api/modules/bookings/bookings.facade.service.ts'),
      edge('functions/_api/modules/payments/payments.routes.ts', 'functions/_api/modules/bookings/bookings.schema.ts'),
      edge('functions/_api/modules/payments/payments.routes.ts', 'functions/_api/modules/session/session.middleware.ts'),
      edge('functions/_api/modules/bookings/bookings.service.ts', 'functions/_api/modules/bookings/ledger.ts'),
      edge('functions/_api/app.ts', 'functions/_api/modules/bookings/bookings.routes.ts'),
    ];
    expect(moduleInternals(edges, []).map((v) => v.message)).toEqual([
      'functions/_api/modules/payments/payments.service.ts -> functions/_api/modules/bookings/ledger.ts: module "payments" reaches into "bookings" (import its *.service.ts, *.schema.ts or *.middleware.ts)',
    ]);
  });

  it('a foundation importing what is built on it', () => {
    const edges = [
      edge('shared/pricing.ts', 'functions/_api/lib/locales.ts'),
      edge('web/src/components/MenuCard.tsx', 'web/src/features/chef/ChefPage.tsx'),
      edge('web/src/lib/i18n.ts', 'web/src/app/routeTable.tsx'),
      edge('functions/_api/lib/masking.ts', 'functions/_api/modules/messages/messages.service.ts'),
      edge('web/src/features/chef/ChefPage.tsx', 'web/src/components/MenuCard.tsx'),
      edge('functions/_api/modules/messages/messages.service.ts', 'functions/_api/lib/masking.ts'),
    ];
    expect(layers(edges).map((v) => v.message.split(':')[0])).toEqual([
      'shared/pricing.ts -> functions/_api/lib/locales.ts',
      'web/src/components/MenuCard.tsx -> web/src/features/chef/ChefPage.tsx',
      'web/src/lib/i18n.ts -> web/src/app/routeTable.tsx',
      'functions/_api/lib/masking.ts -> functions/_api/modules/messages/messages.service.ts',
    ]);
  });

  it('a cycle between files, and the cycle it makes between modules', () => {
    const edges = [
      edge('functions/_api/modules/bookings/bookings.service.ts', 'functions/_api/modules/payments/payments.service.ts'),
      edge('functions/_api/modules/payments/payments.service.ts', 'functions/_api/modules/payments/refunds.ts'),
      edge('functions/_api/modules/payments/refunds.ts', 'functions/_api/modules/bookings/bookings.service.ts', true),
      edge('functions/_api/lib/errors.ts', 'functions/_api/lib/http.ts'),
    ];
    expect(importCycles(edges).map((v) => `[${v.rule}] ${v.message}`)).toEqual([
      '[module-cycle] modules/bookings -> modules/payments -> modules/bookings',
      '[file-cycle] functions/_api/modules/bookings/bookings.service.ts -> functions/_api/modules/payments/payments.service.ts -> functions/_api/modules/payments/refunds.ts -> functions/_api/modules/bookings/bookings.service.ts',
    ]);
    const allowed = 'functions/_api/modules/bookings/bookings.service.ts, functions/_api/modules/payments/payments.service.ts, functions/_api/modules/payments/refunds.ts';
    expect(importCycles(edges, [allowed, 'modules/bookings, modules/payments'])).toEqual([]);
  });

  it('a second way for a lost race to write nothing: a changes() chain or a write token', () => {
    const files = {
      [GUARDED_WRITE]: "db.insert(writeWitnesses).select(sql`select ${token} where changes() > 0`)",
      'functions/_api/modules/a/a.service.ts': "insertSelect(db, auditLog, row, sql`where changes() = 1`)",
      'functions/_api/modules/b/b.service.ts': "db.update(complaints).set({ writeToken: token })",
      'functions/_api/modules/c/c.service.ts': 'prepareNotice(deps, to, notice, { when: write.witness })',
    };
    expect(secondLostRaceMechanism(files).map((v) => v.message.split(':')[0])).toEqual(['functions/_api/modules/a/a.service.ts', 'functions/_api/modules/b/b.service.ts']);
  });

  it('an exception that no longer matches an import', () => {
    const edges = [edge('web/src/lib/format.ts', 'functions/_api/lib/locales.ts')];
    const stale = staleExceptions(edges, {
      ...none,
      pendingWebToServer: ['web/src/lib/format.ts -> functions/_api/lib/locales.ts', 'web/src/lib/gone.ts -> functions/_api/lib/locales.ts'],
      featureImports: ['admin -> bookings'],
      allowedCycles: ['a.ts, b.ts'],
    });
    expect(stale.map((v) => v.message)).toEqual([
      'PENDING web→server entry "web/src/lib/gone.ts -> functions/_api/lib/locales.ts" matches no import any more: remove it from tests/architecture/exceptions.ts',
      'feature allow-list entry "admin -> bookings" matches no import any more: remove it from tests/architecture/exceptions.ts',
      'allowed cycle "a.ts, b.ts" matches no import any more: remove it from tests/architecture/exceptions.ts',
    ]);
  });
});

describe('reading imports', () => {
  it('tells type-only imports from value imports, and finds re-exports, import() and import types', () => {
    const found = importsOf(
      'web/src/x.tsx',
      [
        "import type { AppType } from '../../functions/_api/app';",
        "import { type A, type B } from './types';",
        "import { type C, d } from './mixed';",
        "import def from './default';",
        "import './side-effect.css';",
        "export { e } from './reexport';",
        "export type { F } from './reexport-type';",
        "const Page = lazy(() => import('./features/Page'));",
        "type G = import('./import-type').G;",
      ].join('\n'),
    );
    expect(found).toEqual([
      { specifier: '../../functions/_api/app', typeOnly: true, names: ['AppType'] },
      { specifier: './types', typeOnly: true, names: ['A', 'B'] },
      { specifier: './mixed', typeOnly: false, names: ['C', 'd'] },
      { specifier: './default', typeOnly: false, names: [] },
      { specifier: './side-effect.css', typeOnly: false, names: [] },
      { specifier: './reexport', typeOnly: false, names: ['e'] },
      { specifier: './reexport-type', typeOnly: true, names: ['F'] },
      { specifier: './features/Page', typeOnly: false, names: [] },
      { specifier: './import-type', typeOnly: true, names: ['G'] },
    ]);
  });

  describe('a tree on disk with deliberate violations', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'architecture-'));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write('package.json', JSON.stringify({ imports: { '#shared/*': './shared/*' } }));
    write('shared/money.ts', 'export const cents = 100;\n');
    write('functions/_api/app.ts', 'export type AppType = {};\n');
    write('functions/_api/modules/bookings/ledger.ts', "import { pay } from '../payments/payments.service';\nexport const line = pay;\n");
    write('functions/_api/modules/payments/payments.service.ts', "import { line } from '../bookings/ledger';\nexport const pay = () => line;\n");
    write('web/src/lib/api.ts', "import type { AppType } from '../../../functions/_api/app';\nimport { cents } from '#shared/money';\nexport type T = AppType;\nexport const c = cents;\n");
    write('web/src/features/home/HomePage.tsx', "import { Chef } from '../chef/ChefPage';\nimport { pay } from '../../../../functions/_api/modules/payments/payments.service';\nexport const Home = [Chef, pay];\n");
    write('web/src/features/chef/ChefPage.tsx', 'export const Chef = 1;\n');

    it('resolves relative paths and #shared/* aliases, and reports every rule it breaks', () => {
      const edges = readGraph(dir);
      expect(edges.map((e) => `${e.from} -> ${e.to}`)).toContain('web/src/lib/api.ts -> shared/money.ts');
      expect(checkArchitecture(edges, none).map((v) => v.rule)).toEqual(['web-imports-server', 'feature-imports-feature', 'module-internals', 'module-cycle', 'file-cycle']);
    });
  });
});
