// Every export of the public modules carries its own TSDoc comment (checked with the compiler API).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_DIR } from '../support/repo.js';

const PUBLIC_DIRS = ['lib/core', 'lib/node', 'lib/samegame', 'lib/columns', 'tuner'];

/**
 * True when a `/** … *\/` comment ends on the line just above the statement. A file's header
 * comment is separated from the first declaration by a blank line, so it does not count.
 */
function hasOwnDoc(source: ts.SourceFile, statement: ts.Statement): boolean {
  const leading = source.text.slice(statement.getFullStart(), statement.getStart(source));
  const last = leading.lastIndexOf('/**');
  if (last < 0) return false;
  const end = leading.indexOf('*/', last);
  return end >= 0 && /^[ \t]*\r?\n[ \t]*$/.test(leading.slice(end + 2));
}

/** The exported declarations of `text` that have no doc comment of their own. */
function undocumentedExports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const missing: string[] = [];
  for (const statement of source.statements) {
    const exported =
      ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported || hasOwnDoc(source, statement)) continue;
    const name = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.map((d) => d.name.getText(source)).join(', ')
      : ((statement as ts.DeclarationStatement).name?.getText(source) ?? '?');
    missing.push(`${file}: ${name}`);
  }
  return missing;
}

describe('undocumentedExports', () => {
  it('should not take a file header for the doc of the first export', () => {
    expect(undocumentedExports('a.ts', '/** The file. */\n\nexport interface A {}\n')).toEqual(['a.ts: A']);
    expect(undocumentedExports('a.ts', '/** The file. */\n\n/** An A. */\nexport interface A {}\n')).toEqual([]);
  });

  it('should find an undocumented export after a documented one', () => {
    const text = '/** One. */\nexport const one = 1;\n\nexport function two() {}\n';
    expect(undocumentedExports('b.ts', text)).toEqual(['b.ts: two']);
  });
});

describe('public API documentation', () => {
  it('should give every exported declaration a TSDoc comment', () => {
    const files = PUBLIC_DIRS.flatMap((dir) =>
      readdirSync(join(REPO_DIR, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts') && !f.endsWith('index.ts'))
        .map((f) => join(dir, f)),
    );
    expect(files.length).toBeGreaterThan(30);
    expect(files.flatMap((f) => undocumentedExports(f, readFileSync(join(REPO_DIR, f), 'utf8')))).toEqual([]);
  });
});
