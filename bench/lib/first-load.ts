/**
 * What JavaScript a first load of each page of the web app needs, read from the Vite build manifest
 * (apps/web/dist/.vite/manifest.json) and the route table's `import()` calls
 * (apps/web/src/app/router.tsx). Pure: the bench reads the files and weighs the chunks.
 */
import path from 'node:path';
import ts from 'typescript';

/** One chunk of Vite's build manifest (`build.manifest`), under its key. */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** Keys of the chunks it imports statically: the browser fetches them before it runs. */
  imports?: string[];
  /** Keys of the chunks it may `import()` later. */
  dynamicImports?: string[];
}

/** Keys: a source path relative to the web root (`src/app/shell/shell-layout.tsx`, `index.html`) or `_<chunk file>`. */
export type Manifest = Readonly<Record<string, ManifestChunk>>;

function chunk(manifest: Manifest, key: string): ManifestChunk {
  const found = manifest[key];
  if (!found) throw new Error(`the build manifest has no chunk ${key}`);
  return found;
}

/** `roots` and every chunk they import statically, transitively: what loads before they run. */
export function staticClosure(manifest: Manifest, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    seen.add(key);
    pending.push(...(chunk(manifest, key).imports ?? []));
  }
  return seen;
}

export interface FirstLoad {
  /** Chunk keys loaded before the page shows: `base`, `page` and their static imports. */
  now: Set<string>;
  /** The part of `now` that `base` alone does not load: what the page adds. */
  own: Set<string>;
  /**
   * Chunk keys the page's own code imports dynamically (with their static imports), not loaded
   * already: they arrive after the page shows, or when it asks for them (ECharts).
   */
  later: Set<string>;
}

/**
 * A first load of `page` (chunk keys of the page's module) inside `base` (the entry, the shell…).
 * Only the page's own chunks count for `later`: the entry's dynamic imports are every other page.
 */
export function firstLoad(manifest: Manifest, base: readonly string[], page: readonly string[]): FirstLoad {
  const before = staticClosure(manifest, base);
  const now = staticClosure(manifest, [...base, ...page]);
  const own = new Set([...now].filter((key) => !before.has(key)));
  const dynamic = [...own].flatMap((key) => chunk(manifest, key).dynamicImports ?? []);
  const later = new Set([...staticClosure(manifest, dynamic)].filter((key) => !now.has(key)));
  return { now, own, later };
}

/** The manifest key of the module at `modulePath` (relative to the web root, with or without its extension). */
export function manifestKeyOf(manifest: Manifest, modulePath: string): string {
  const wanted = modulePath.replace(/\\/g, '/');
  const key = Object.keys(manifest).find(
    (candidate) => candidate === wanted || candidate.replace(/\.[cm]?[jt]sx?$/, '') === wanted,
  );
  if (!key) throw new Error(`no chunk of the build manifest holds ${modulePath}`);
  return key;
}

/** A page module the route table loads with `import()`. */
export interface RouteModule {
  /** The route table's property: open, standalone, console, frame, innerLink, pages. */
  group: string;
  /** The route's path (or the constant naming it), the component key of `pages`, or the group. */
  route: string;
  /** The imported module, relative to the web root, without extension: `src/features/home/pages/home-page`. */
  module: string;
  /** Its loader is wrapped in `withConsoleNamespaces`: the console's strings load with it. */
  consoleStrings: boolean;
  /** Its loader is wrapped in `withFeatureNamespaces('<group>', …)` (maybe nested): those groups' strings load with it. */
  featureStrings?: string[];
}

const FEATURE_STRINGS = /withFeatureNamespaces\(\s*'([^']+)'/g;

/** The text of a property name or path expression: a string literal's value, else its source. */
function textOf(node: ts.Node, source: ts.SourceFile): string {
  return ts.isStringLiteralLike(node) ? node.text : node.getText(source);
}

function importSpecifier(node: ts.Node): string | undefined {
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
    const [argument] = node.arguments;
    if (argument && ts.isStringLiteralLike(argument)) return argument.text;
  }
  return ts.forEachChild(node, importSpecifier);
}

/** The source of a module (relative to the web root, without extension), or undefined. */
export type ReadModule = (modulePath: string) => string | undefined;

/** The string a constant declares (`export const HOME_PATH = '/index'`), if it is a literal. */
function literalConstant(source: ts.SourceFile, name: string): string | undefined {
  let value: string | undefined;
  const visit = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      node.name.getText(source) === name &&
      node.initializer &&
      ts.isStringLiteralLike(node.initializer)
    ) {
      value = node.initializer.text;
    }
    if (value === undefined) ts.forEachChild(node, visit);
  };
  visit(source);
  return value;
}

/** The module `name` is imported from by a named import of `source`, relative to the web root. */
function importedFrom(source: ts.SourceFile, name: string): string | undefined {
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings) && bindings.elements.some((e) => e.name.text === name)) {
      return path.posix.join(path.posix.dirname(source.fileName), statement.moduleSpecifier.text);
    }
  }
  return undefined;
}

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
}

/**
 * A route's `path`: a literal, or the literal a constant of this file or of a module `read` finds
 * declares, else the expression's source.
 */
function pathProperty(
  route: ts.ObjectLiteralExpression,
  source: ts.SourceFile,
  read: ReadModule,
): string | undefined {
  for (const property of route.properties) {
    if (!ts.isPropertyAssignment(property) || property.name.getText(source) !== 'path') continue;
    const value = property.initializer;
    if (!ts.isIdentifier(value)) return textOf(value, source);
    const from = importedFrom(source, value.text);
    const text = from === undefined ? source.text : read(from);
    const declaring = text === undefined ? undefined : parse(from ?? source.fileName, text);
    return (declaring && literalConstant(declaring, value.text)) ?? value.text;
  }
  return undefined;
}

/**
 * The modules of `const routeTable = { … }` in the router's source (`routerFile`, relative to the
 * web root): each route of its arrays, each entry of `pages` and each loader property (`frame`,
 * `innerLink`) that calls `import('…')`. A path named by a constant is looked up with `read`. Read from the source because the table's loaders are
 * functions, and the build manifest knows modules by path only.
 */
export function routeModules(
  routerSource: string,
  routerFile: string,
  read: ReadModule = () => undefined,
): RouteModule[] {
  const source = parse(routerFile, routerSource);
  let table: ts.ObjectLiteralExpression | undefined;
  const find = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      node.name.getText(source) === 'routeTable' &&
      node.initializer &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      table = node.initializer;
    }
    ts.forEachChild(node, find);
  };
  find(source);
  if (!table) throw new Error(`${routerFile} declares no \`const routeTable = { … }\``);

  const modules: RouteModule[] = [];
  const add = (group: string, route: string, node: ts.Node) => {
    const specifier = importSpecifier(node);
    if (specifier === undefined) return; // a redirect, or a route without code of its own
    const module = path.posix.join(path.posix.dirname(routerFile), specifier);
    const text = node.getText(source);
    const consoleStrings = text.includes('withConsoleNamespaces(');
    const featureStrings = [...text.matchAll(FEATURE_STRINGS)].map((match) => match[1]!);
    modules.push({
      group,
      route,
      module,
      consoleStrings,
      ...(featureStrings.length ? { featureStrings } : {}),
    });
  };
  for (const property of table.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const group = property.name.getText(source);
    const value = property.initializer;
    if (ts.isArrayLiteralExpression(value)) {
      for (const element of value.elements) {
        if (ts.isObjectLiteralExpression(element))
          add(group, pathProperty(element, source, read) ?? group, element);
      }
    } else if (ts.isObjectLiteralExpression(value)) {
      for (const entry of value.properties) {
        if (ts.isPropertyAssignment(entry)) add(group, textOf(entry.name, source), entry.initializer);
      }
    } else {
      add(group, group, value);
    }
  }
  if (modules.length === 0) throw new Error(`no import() found in the routeTable of ${routerFile}`);
  return modules;
}

/** The key of the chunk the build named `name` (e.g. `locales-zh-CN-public`). */
export function chunkNamed(manifest: Manifest, name: string): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]!.name === name);
  if (!key) throw new Error(`the build manifest has no chunk named ${name}`);
  return key;
}

export interface WeightOptions {
  /** The route table groups whose pages render inside the console shell (the `frame` group). */
  insideFrame: readonly string[];
  /**
   * Chunk keys of the locale chunks of one language: public (before any render) and console. A
   * feature group's chunk (`locales-<language>-<group>`) is found by the console chunk's name.
   */
  locales: { public: string; console: string };
  /** Bytes of a built file (`assets/…js`) as weighed (e.g. gzip). */
  size: (file: string) => number;
}

export interface PageWeight {
  /** `entry` for an HTML entry's own static imports, else the route table group. */
  group: string;
  route: string;
  /** Source module: the page, or the HTML entry. */
  module: string;
  /** JS files of the first load and their bytes. */
  files: number;
  bytes: number;
  /** Bytes of the files the page adds to its base (the entry, or the entry and the shell). */
  ownBytes: number;
  /** The page's largest file of its own (chunk name), to see what makes a heavy page heavy. */
  largest: { name: string; bytes: number } | undefined;
  /** Files the page imports dynamically (by chunk name) and their bytes. */
  later: string[];
  laterBytes: number;
}

/** Weighing chunk keys of `manifest`: files and bytes, and the largest chunk. */
function scales(manifest: Manifest, size: (file: string) => number) {
  const sizeOf = (key: string) => size(chunk(manifest, key).file);
  const weigh = (keys: Iterable<string>) => {
    const all = [...keys];
    return { files: all.length, bytes: all.reduce((total, key) => total + sizeOf(key), 0) };
  };
  const largest = (keys: Iterable<string>) =>
    [...keys]
      .map((key) => ({ name: manifest[key]!.name ?? key, bytes: sizeOf(key) }))
      .reduce<PageWeight['largest']>((top, next) => (top && top.bytes >= next.bytes ? top : next), undefined);
  return { weigh, largest };
}

/**
 * The weight of each HTML entry's static imports (`group: 'entry'` rows). The console and the
 * sign-in pages are two builds with a manifest each: weigh both.
 */
export function entryWeights(manifest: Manifest, size: (file: string) => number): PageWeight[] {
  const { weigh, largest } = scales(manifest, size);
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  return entries.map((key) => {
    const load = staticClosure(manifest, [key]);
    const weight = weigh(load);
    return {
      group: 'entry',
      route: key,
      module: key,
      ...weight,
      ownBytes: weight.bytes,
      largest: largest(load),
      later: [],
      laterBytes: 0,
    };
  });
}

/**
 * The weight of each HTML entry's static imports, and of each page's first load: the console entry
 * (`index.html`) and its public strings, the shell and the console's strings for pages inside the
 * frame (or wrapped in `withConsoleNamespaces`), a feature group's strings for a page wrapped in
 * `withFeatureNamespaces`, then the page's module.
 */
export function pageWeights(
  manifest: Manifest,
  modules: readonly RouteModule[],
  options: WeightOptions,
): PageWeight[] {
  const { weigh, largest } = scales(manifest, options.size);
  const rows = entryWeights(manifest, options.size);
  const consoleEntry = 'index.html';
  chunk(manifest, consoleEntry);
  const consoleLocales = chunk(manifest, options.locales.console).name ?? '';
  const featureLocales = (group: string) =>
    chunkNamed(manifest, consoleLocales.replace(/-console$/, `-${group}`));
  const frame = modules.find((module) => module.group === 'frame');
  if (!frame) throw new Error('the route table has no frame (the console shell)');
  for (const module of modules) {
    const inside = options.insideFrame.includes(module.group);
    const base = [consoleEntry, options.locales.public];
    if (inside || module.consoleStrings) base.push(options.locales.console);
    if (inside) base.push(manifestKeyOf(manifest, frame.module));
    for (const group of module.featureStrings ?? []) base.push(featureLocales(group));
    const load = firstLoad(manifest, base, [manifestKeyOf(manifest, module.module)]);
    rows.push({
      group: module.group,
      route: module.route,
      module: module.module,
      ...weigh(load.now),
      ownBytes: weigh(load.own).bytes,
      largest: largest(load.own),
      later: [...load.later].map((key) => manifest[key]!.name ?? key),
      laterBytes: weigh(load.later).bytes,
    });
  }
  return rows;
}
