// No function in lib/ or tuner/ runs longer than MAX_LINES: a long body is read as named steps
// instead (checked with the compiler API, so every kind of function counts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_DIR } from '../support/repo.js';

const SOURCE_DIRS = ['lib', 'tuner'];

/** The most lines a function may span, from the line it starts on to the line it ends on. */
const MAX_LINES = 80;

/**
 * Functions allowed to run longer, each with the measurement that shows splitting it would cost
 * speed. Entries read `file name`, as reported below without the line and the count.
 */
const ALLOWED: readonly string[] = [
  // The rollouts' game on bitmasks: every move's draw, removal and recount inline. Moved into
  // per-move methods, or with its generator and pair totals in fields, rollouts ran 3 to 5 %
  // slower side by side (docs/samegame-search-log.md, "Long functions split into named steps").
  'lib/samegame/search/mask-playout.ts MaskPlayout.play',
  // The playout on cells (uniform playouts, boards taller than a mask word): with the draw loop
  // in a per-move function its contest and TabuColor playouts ran 3 to 5 % slower, and with the
  // marking and the tallest column as helpers its uniform playouts 3.5 % (same section).
  'lib/samegame/search/playout.ts cellPlayout',
];

/** A readable name for a function-like node: `name`, `Class.method`, or where an anonymous one sits. */
function functionName(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  const owner = ts.isClassLike(node.parent) ? `${node.parent.name?.getText(source) ?? '(class)'}.` : '';
  if (ts.isConstructorDeclaration(node)) return `${owner}constructor`;
  if (node.name !== undefined) {
    const prefix = ts.isGetAccessor(node) ? 'get ' : ts.isSetAccessor(node) ? 'set ' : '';
    return `${owner}${prefix}${node.name.getText(source)}`;
  }
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) &&
    parent.name !== undefined
  ) {
    return parent.name.getText(source);
  }
  return '(anonymous)';
}

/** Every function-like body of `text` longer than `maxLines`, as `file:line name (N lines)`. */
function longFunctions(file: string, text: string, maxLines: number): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > maxLines) {
        found.push(`${file}:${first + 1} ${functionName(node as ts.FunctionLikeDeclaration, source)} (${lines} lines)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `lines` numbered lines of filler statements, for bodies of a known length. */
const filler = (lines: number): string => Array.from({ length: lines }, (_, i) => `  x${i};`).join('\n');

describe('longFunctions', () => {
  it('should report a function declaration one line over the limit and pass one at the limit', () => {
    // The body's filler plus the opening and closing lines.
    const atLimit = `function short() {\n${filler(3)}\n}\n`;
    const over = `\nfunction long() {\n${filler(4)}\n}\n`;
    expect(longFunctions('a.ts', atLimit, 5)).toEqual([]);
    expect(longFunctions('a.ts', over, 5)).toEqual(['a.ts:2 long (6 lines)']);
  });

  it('should name methods, constructors, getters, arrow functions and function expressions', () => {
    const body = `{\n${filler(5)}\n}`;
    const text = [
      `class Box {`,
      `  constructor() ${body}`,
      `  play() ${body}`,
      `  get size() ${body}`,
      `}`,
      `const arrow = () => ${body};`,
      `const expression = function () ${body};`,
      `[1].map((n) => ${body});`,
    ].join('\n');
    expect(longFunctions('b.ts', text, 6).map((line) => line.replace(/^b\.ts:\d+ /, ''))).toEqual([
      'Box.constructor (7 lines)',
      'Box.play (7 lines)',
      'Box.get size (7 lines)',
      'arrow (7 lines)',
      'expression (7 lines)',
      '(anonymous) (7 lines)',
    ]);
  });

  it('should count a nested function in its own right as well as inside the outer one', () => {
    const text = `function outer() {\n  function inner() {\n${filler(6)}\n  }\n}\n`;
    expect(longFunctions('c.ts', text, 8)).toEqual(['c.ts:1 outer (10 lines)']);
    expect(longFunctions('c.ts', text, 7)).toEqual(['c.ts:1 outer (10 lines)', 'c.ts:2 inner (8 lines)']);
  });

  it('should skip signatures without a body', () => {
    expect(longFunctions('d.ts', `declare function f(\n${filler(9).replace(/;/g, ': 1,')}\n): void;\n`, 3)).toEqual([]);
  });
});

/** `file:line name (N lines)` without the line and the count, as the allow-list spells it. */
const allowListEntry = (report: string): string => report.replace(/:\d+ (.*) \(\d+ lines\)$/, ' $1');

describe('function length in lib/ and tuner/', () => {
  const files = SOURCE_DIRS.flatMap((dir) =>
    readdirSync(join(REPO_DIR, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(dir, f)),
  );
  const long = files.flatMap((f) => longFunctions(f, readFileSync(join(REPO_DIR, f), 'utf8'), MAX_LINES));

  it(`should keep every function within ${MAX_LINES} lines, but for the allow-list`, () => {
    expect(files.length).toBeGreaterThan(50);
    expect(long.filter((report) => !ALLOWED.includes(allowListEntry(report)))).toEqual([]);
  });

  it('should allow only functions that are still too long', () => {
    expect(ALLOWED.filter((entry) => !long.map(allowListEntry).includes(entry))).toEqual([]);
  });
});
