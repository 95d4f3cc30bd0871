// The architecture as a test: data flows one way, from the text forms and rules of each game up to
// its search, the Node-only code, the judge, the view, the tuner and the CLI. No arrow runs back,
// no game reaches into the other, and what a browser bundle can reach imports nothing of Node.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_DIR } from '../support/repo.js';

/** The zone of a source file, by its folder: what it may import depends on it. */
function zoneOf(file: string): string {
  const game = /^lib\/(samegame|columns)\/(engine|search|node)\//.exec(file);
  if (game) return `${game[1]}/${game[2]}`;
  if (/^lib\/(samegame|columns)\/index\.ts$/.test(file)) return `${file.split('/')[1]}/index`;
  if (file === 'lib/index.ts') return 'index';
  const top = /^(lib\/(core|node|testing|judge|view|cli)|tuner)\//.exec(file);
  if (top) return top[2] ?? 'tuner';
  return 'other';
}

const gameZones = (game: string, parts: readonly string[]) => parts.map((part) => `${game}/${part}`);
const bothGames = (parts: readonly string[]) => [...gameZones('samegame', parts), ...gameZones('columns', parts)];

/** Zones each zone may import from (its own zone always). */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  core: [],
  node: ['core'],
  ...Object.fromEntries(
    ['samegame', 'columns'].flatMap((game) => [
      [`${game}/engine`, ['core']],
      [`${game}/search`, ['core', ...gameZones(game, ['engine'])]],
      [`${game}/node`, ['core', 'node', ...gameZones(game, ['engine', 'search'])]],
      [`${game}/index`, ['core', ...gameZones(game, ['engine', 'search'])]],
    ]),
  ),
  index: ['core', 'samegame/index', 'columns/index'],
  // The conformance games and answers: both engines' rules, for a user's own tests.
  testing: ['core', ...bothGames(['engine'])],
  judge: ['core', 'node', 'testing', ...bothGames(['engine', 'search'])],
  view: ['core', 'node', ...bothGames(['engine'])],
  tuner: ['core', 'node'],
  cli: ['core', 'node', 'testing', 'judge', 'view', 'tuner', ...bothGames(['engine', 'search', 'node'])],
};

/** Zones whose code must run in a browser: no Node built-in, and only these packages. */
const BROWSER_ZONES = ['core', 'index', ...bothGames(['engine', 'search', 'index'])];
const BROWSER_PACKAGES = ['pure-rand'];

/** Every import of a file: relative ones resolved to repository paths, bare ones as written. */
function importsOf(file: string, text: string): { files: string[]; packages: string[] } {
  const info = ts.preProcessFile(text, true, true);
  const files: string[] = [];
  const packages: string[] = [];
  for (const { fileName } of info.importedFiles) {
    if (fileName.startsWith('.')) {
      const target = normalize(join(dirname(file), fileName));
      files.push(target.replace(/\.js$/, '.ts'));
    } else packages.push(fileName);
  }
  return { files, packages };
}

/** The arrows that break the layering, as `from -> to`. */
function forbiddenArrows(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph) {
    const zone = zoneOf(from);
    const allowed = ALLOWED[zone];
    for (const to of targets) {
      const target = zoneOf(to);
      if (target === zone) continue;
      if (allowed === undefined || !allowed.includes(target)) found.push(`${from} -> ${to}`);
    }
  }
  return found;
}

/** Files on an import cycle (each cycle's files, sorted, joined by " <-> "). */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  // Tarjan's strongly connected components; a component of two files or more is a cycle.
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, order.get(next)!));
    }
    if (low.get(node) === order.get(node)) {
      const component: string[] = [];
      for (let member = stack.pop()!; ; member = stack.pop()!) {
        onStack.delete(member);
        component.push(member);
        if (member === node) break;
      }
      if (component.length > 1) cycles.push(component.sort().join(' <-> '));
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return cycles;
}

function sourceFiles(): string[] {
  return ['lib', 'tuner'].flatMap((dir) =>
    readdirSync(join(REPO_DIR, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|mts|mjs|js)$/.test(f) && !f.endsWith('.d.mts'))
      .map((f) => `${dir}/${f}`),
  );
}

describe('forbiddenArrows', () => {
  it('should flag an engine importing its search, a game importing the tuner, and one game the other', () => {
    const graph = new Map([
      ['lib/samegame/engine/rules.ts', ['lib/samegame/search/kernel.ts', 'lib/core/result.ts']],
      ['lib/columns/search/tuning.ts', ['tuner/ga.ts']],
      ['lib/columns/search/solver.ts', ['lib/samegame/search/beam.ts', 'lib/columns/engine/rules.ts']],
      ['lib/cli/main.ts', ['tuner/ga.ts', 'lib/samegame/node/threads.ts']],
    ]);
    expect(forbiddenArrows(graph)).toEqual([
      'lib/samegame/engine/rules.ts -> lib/samegame/search/kernel.ts',
      'lib/columns/search/tuning.ts -> tuner/ga.ts',
      'lib/columns/search/solver.ts -> lib/samegame/search/beam.ts',
    ]);
  });
});

describe('importCycles', () => {
  it('should find a cycle through three files and nothing in a tree', () => {
    const cyclic = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(importCycles(cyclic)).toEqual(['a <-> b <-> c']);
    expect(
      importCycles(
        new Map([
          ['a', ['b', 'c']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });
});

describe('the layout of lib/ and tuner/', () => {
  const files = sourceFiles();
  const parsed = new Map(files.map((f) => [f, importsOf(f, readFileSync(join(REPO_DIR, f), 'utf8'))]));
  const graph = new Map([...parsed].map(([f, i]) => [f, i.files]));

  it('should place every source file in a zone', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => zoneOf(f) === 'other')).toEqual([]);
  });

  it('should have no arrow running back: engines below search, games below the judge, view, tuner and CLI', () => {
    expect(forbiddenArrows(graph)).toEqual([]);
  });

  it('should have no import cycle', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('should keep Node out of what a browser bundle of either game reaches', () => {
    const offenders = [...parsed]
      .filter(([f]) => BROWSER_ZONES.includes(zoneOf(f)))
      .flatMap(([f, { packages }]) =>
        packages
          .filter((p) => !BROWSER_PACKAGES.some((ok) => p === ok || p.startsWith(`${ok}/`)))
          .map((p) => `${f}: ${p}`),
      );
    expect(offenders).toEqual([]);
  });
});
