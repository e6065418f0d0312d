// The import graph of the source tree and the architecture rules checked over it (tests/architecture). The graph is
// built with the TypeScript parser only (no type checking), so the whole tree is read in about a second.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface Edge {
  /** Repository-relative path of the importing file, with forward slashes. */
  from: string;
  /** Repository-relative path of the imported file. */
  to: string;
  /** The import names nothing at run time (`import type`, `export type`, `import('…').T` in a type position). */
  typeOnly: boolean;
  /** Names the import binds or re-exports; empty for a namespace, default-only or side-effect import. */
  names: string[];
}

export interface Violation {
  rule: 'web-imports-server' | 'feature-imports-feature' | 'module-internals' | 'layer' | 'file-cycle' | 'module-cycle' | 'stale-exception' | 'one-guarded-write';
  message: string;
}

const SOURCE_ROOTS = ['functions', 'web/src', 'shared'];
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Reads every .ts/.tsx file under the source roots and returns their imports that resolve to files of the repo. */
export function readGraph(root: string): Edge[] {
  const aliases = packageImports(root);
  const edges: Edge[] = [];
  for (const file of SOURCE_ROOTS.flatMap((dir) => sourceFiles(root, dir))) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const found of importsOf(file, text)) {
      const to = resolve(root, file, found.specifier, aliases);
      if (to) edges.push({ from: file, to, typeOnly: found.typeOnly, names: found.names });
    }
  }
  return edges;
}

/** The one mechanism behind "a lost race writes nothing" (README Decisions): the only file that reads changes(). */
export const GUARDED_WRITE = 'functions/_api/db/guarded-write.ts';

/**
 * Server files that build a second way to "a lost race writes nothing": reading SQLite's changes() (a chain of
 * statements each written only if the one before changed a row) or stamping a write token on the guarded row.
 */
export function secondLostRaceMechanism(files: Record<string, string>): Violation[] {
  return Object.entries(files)
    .filter(([file, text]) => file !== GUARDED_WRITE && /\bchanges\(\)|write_?token/i.test(text))
    .map(([file]) => ({ rule: 'one-guarded-write', message: `${file}: a lost race writes nothing through ${GUARDED_WRITE} (guardedWrite and its witness) only` }));
}

/** The server's source files and their text, for the rules that read more than imports. */
export function serverSources(root: string): Record<string, string> {
  return Object.fromEntries(sourceFiles(root, 'functions').map((file) => [file, fs.readFileSync(path.join(root, file), 'utf8')]));
}

function sourceFiles(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return (fs.readdirSync(full, { recursive: true }) as string[])
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => `${dir}/${name.split(path.sep).join('/')}`)
    .sort();
}

/** package.json "imports" patterns (`#shared/*` → `./shared/*`), as prefix pairs. */
function packageImports(root: string): [string, string][] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { imports?: Record<string, unknown> };
  return Object.entries(pkg.imports ?? {}).flatMap(([key, target]) => {
    const to = typeof target === 'string' ? target : (target as Record<string, unknown> | null)?.default;
    if (typeof to !== 'string') return [];
    return [[key.replace(/\*.*$/, ''), to.replace(/\*.*$/, '').replace(/^\.\//, '')] as [string, string]];
  });
}

function resolve(root: string, from: string, specifier: string, aliases: [string, string][]): string | null {
  const bare = specifier.split('?')[0]!;
  let base: string | null = null;
  if (bare.startsWith('.')) base = path.posix.join(path.posix.dirname(from), bare);
  else {
    const alias = aliases.find(([prefix]) => bare.startsWith(prefix));
    if (alias) base = alias[1] + bare.slice(alias[0].length);
  }
  if (base === null) return null; // a package
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (fs.existsSync(path.join(root, candidate)) && fs.statSync(path.join(root, candidate)).isFile()) return candidate;
  }
  return null; // not a file of the repo (typecheck reports a broken path)
}

interface FoundImport {
  specifier: string;
  typeOnly: boolean;
  names: string[];
}

/** Static imports, re-exports, `import()` calls and `import('…')` types of one file. */
export function importsOf(fileName: string, text: string): FoundImport[] {
  // Static imports are top-level statements at the head of a file, so only the head up to the last `from '…'` is
  // parsed; a file that mentions `import(` is parsed whole and walked through every node.
  const deep = /\bimport\s*\(/.test(text);
  const head = deep ? text : text.slice(0, lastImportEnd(text));
  const source = ts.createSourceFile(fileName, head, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: FoundImport[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly, names: named?.map((e) => (e.propertyName ?? e.name).text) ?? [] });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
      const typeOnly = node.isTypeOnly || (!!named && named.length > 0 && named.every((e) => e.isTypeOnly));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly, names: named?.map((e) => (e.propertyName ?? e.name).text) ?? [] });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push({ specifier: arg.text, typeOnly: false, names: [] });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      const name = node.qualifier ? node.qualifier.getText(source).split('.')[0]! : '';
      found.push({ specifier: node.argument.literal.text, typeOnly: true, names: name ? [name] : [] });
    }
    if (deep) ts.forEachChild(node, visit);
  };
  source.statements.forEach(visit);
  return found;
}

function lastImportEnd(text: string): number {
  let end = 0;
  for (const m of text.matchAll(/(?:\bfrom\s*|^import\s*)['"][^'"\n]+['"];?[ \t]*$/gm)) end = m.index + m[0].length;
  return end;
}

// ---------------------------------------------------------------------------------------------------------------------
// Rules

export interface Exceptions {
  /** `from -> to` file pairs of web→server imports that other work is removing; the list may only shrink. */
  pendingWebToServer: string[];
  /** `from-feature -> to-feature` pairs: the features that build on another one. */
  featureImports: string[];
  /** `from -> to` file pairs of module→internals imports still to be routed through a public surface; only shrinks. */
  pendingModuleInternals: string[];
  /** Sorted member lists (joined by `, `) of cycles that mirror a cycle outside the code. */
  allowedCycles: string[];
}

const WEB = 'web/src/';
const FEATURES = 'web/src/features/';
const MODULES = 'functions/_api/modules/';

/** The web may import the API's type and nothing else from functions/. */
export function webImportsServer(edges: Edge[], pending: string[]): Violation[] {
  const out: Violation[] = [];
  for (const e of edges) {
    if (!e.from.startsWith(WEB) || !e.to.startsWith('functions/')) continue;
    if (e.typeOnly && e.names.length > 0 && e.names.every((n) => n === 'AppType')) continue;
    if (pending.includes(pair(e))) continue;
    out.push({ rule: 'web-imports-server', message: `${pair(e)}: the web imports server code (only \`import type { AppType }\` may cross; shared code belongs in shared/, reached as #shared/*)` });
  }
  return out;
}

export function featureOf(file: string): string | null {
  return file.startsWith(FEATURES) ? file.slice(FEATURES.length).split('/')[0]! : null;
}

/** A feature imports another feature only where the allow-list says so. */
export function featureImportsFeature(edges: Edge[], allowed: string[]): Violation[] {
  const out: Violation[] = [];
  for (const e of edges) {
    const from = featureOf(e.from);
    const to = featureOf(e.to);
    if (!from || !to || from === to || allowed.includes(`${from} -> ${to}`)) continue;
    out.push({ rule: 'feature-imports-feature', message: `${pair(e)}: feature "${from}" imports feature "${to}" (move the shared piece to components/, lib/ or state/)` });
  }
  return out;
}

export function moduleOf(file: string): string | null {
  return file.startsWith(MODULES) ? file.slice(MODULES.length).split('/')[0]! : null;
}

/**
 * A module's public surface: its services (`*.service.ts`, called by other modules' services), its schemas
 * (`*.schema.ts`, input schemas and types) and its middleware (`*.middleware.ts`, request guards and helpers that other
 * modules' routes use). Every other file of a module is its own business.
 */
export function isPublicSurface(file: string): boolean {
  return /\.(service|schema|middleware)\.ts$/.test(file);
}

/** A server module reaches another module only through its public surface. */
export function moduleInternals(edges: Edge[], pending: string[]): Violation[] {
  const out: Violation[] = [];
  for (const e of edges) {
    const from = moduleOf(e.from);
    const to = moduleOf(e.to);
    if (!from || !to || from === to || isPublicSurface(e.to) || pending.includes(pair(e))) continue;
    out.push({ rule: 'module-internals', message: `${pair(e)}: module "${from}" reaches into "${to}" (import its *.service.ts, *.schema.ts or *.middleware.ts)` });
  }
  return out;
}

/**
 * Dependencies flow from the foundations up: the shared kernel imports neither side, the web's components/, lib/ and
 * state/ never import a feature or app/, and the server's lib/, platform/ and db/ never import a module.
 */
export function layers(edges: Edge[]): Violation[] {
  const below: [RegExp, RegExp][] = [
    [/^shared\//, /^(functions|web)\//],
    [/^web\/src\/(components|lib|state)\//, /^web\/src\/(features|app)\//],
    [/^functions\/_api\/(lib|platform|db)\//, /^functions\/_api\/modules\//],
  ];
  return edges
    .filter((e) => below.some(([from, to]) => from.test(e.from) && to.test(e.to)))
    .map((e) => ({ rule: 'layer' as const, message: `${pair(e)}: a foundation imports what is built on it` }));
}

/** Strongly connected components with more than one member (Tarjan), each sorted, in a stable order. */
export function cycles(nodes: Iterable<string>, next: (node: string) => Iterable<string>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const strongConnect = (v: string): void => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!indices.has(w)) {
        strongConnect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...nodes].sort()) if (!indices.has(v)) strongConnect(v);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

function adjacency(pairs: [string, string][]): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const [a, b] of pairs) {
    if (a === b) continue;
    if (!map.has(a)) map.set(a, new Set());
    if (!map.has(b)) map.set(b, new Set());
    map.get(a)!.add(b);
  }
  return map;
}

/**
 * Cycles between files and between server modules and web features. Type-only imports count too: a type cycle is
 * still two pieces that cannot be understood apart.
 */
export function importCycles(edges: Edge[], allowed: string[] = []): Violation[] {
  return allCycles(edges)
    .filter((c) => !allowed.includes(c.members.join(', ')))
    .map((c) => ({ rule: c.rule, message: c.path }));
}

function allCycles(edges: Edge[]): { rule: 'module-cycle' | 'file-cycle'; members: string[]; path: string }[] {
  const files = adjacency(edges.map((e) => [e.from, e.to]));
  const areaOf = (file: string) => {
    const mod = moduleOf(file);
    if (mod) return `modules/${mod}`;
    const feature = featureOf(file);
    return feature ? `features/${feature}` : null;
  };
  const areas = adjacency(
    edges.flatMap((e) => {
      const a = areaOf(e.from);
      const b = areaOf(e.to);
      return a && b ? [[a, b] as [string, string]] : [];
    }),
  );
  const find = (rule: 'module-cycle' | 'file-cycle', graph: Map<string, Set<string>>) =>
    cycles(graph.keys(), (n) => graph.get(n) ?? []).map((members) => ({ rule, members, path: describeCycle(members, graph) }));
  return [...find('module-cycle', areas), ...find('file-cycle', files)];
}

/** One closed path through a strongly connected component, so the message shows the imports to cut. */
function describeCycle(members: string[], graph: Map<string, Set<string>>): string {
  const inside = new Set(members);
  const start = members[0]!;
  // Breadth-first from start back to start, within the component: the shortest loop through its first member.
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!inside.has(next)) continue;
      if (next === start) {
        const loop = [node];
        while (loop[0] !== start) loop.unshift(previous.get(loop[0]!)!);
        const extra = members.length > loop.length ? ` (${members.length} members: ${members.join(', ')})` : '';
        return `${[...loop, start].join(' -> ')}${extra}`;
      }
      if (!previous.has(next) && next !== start) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return members.join(' -> ');
}

/** Exceptions that no longer match an import: the list must shrink with the code. */
export function staleExceptions(edges: Edge[], exceptions: Exceptions): Violation[] {
  const pairs = new Set(edges.map(pair));
  const featurePairs = new Set(edges.flatMap((e) => (featureOf(e.from) && featureOf(e.to) ? [`${featureOf(e.from)} -> ${featureOf(e.to)}`] : [])));
  const cyclesNow = new Set(allCycles(edges).map((c) => c.members.join(', ')));
  return [
    ...exceptions.pendingWebToServer.filter((p) => !pairs.has(p)).map((p) => `PENDING web→server entry "${p}"`),
    ...exceptions.featureImports.filter((p) => !featurePairs.has(p)).map((p) => `feature allow-list entry "${p}"`),
    ...exceptions.pendingModuleInternals.filter((p) => !pairs.has(p)).map((p) => `PENDING module-internals entry "${p}"`),
    ...exceptions.allowedCycles.filter((c) => !cyclesNow.has(c)).map((c) => `allowed cycle "${c}"`),
  ].map((what) => ({ rule: 'stale-exception' as const, message: `${what} matches no import any more: remove it from tests/architecture/exceptions.ts` }));
}

export function checkArchitecture(edges: Edge[], exceptions: Exceptions): Violation[] {
  return [
    ...webImportsServer(edges, exceptions.pendingWebToServer),
    ...featureImportsFeature(edges, exceptions.featureImports),
    ...moduleInternals(edges, exceptions.pendingModuleInternals),
    ...layers(edges),
    ...importCycles(edges, exceptions.allowedCycles),
    ...staleExceptions(edges, exceptions),
  ];
}

function pair(e: Pick<Edge, 'from' | 'to'>): string {
  return `${e.from} -> ${e.to}`;
}
