// Every export of the public modules carries a TSDoc comment (checked with the compiler API).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_DIR } from '../support/cli.js';

const PUBLIC_DIRS = ['lib/core', 'lib/samegame', 'lib/columns', 'tuner'];

function undocumentedExports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const missing: string[] = [];
  for (const statement of source.statements) {
    const exported =
      ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    const documented =
      ts.getJSDocCommentsAndTags(statement).length > 0 ||
      /^\s*\/\*\*/.test(
        source.text.slice(statement.getFullStart(), statement.getStart()).split('\n').slice(-4).join('\n'),
      ) ||
      source.text.slice(statement.getFullStart(), statement.getStart()).includes('/**');
    if (documented) continue;
    const name = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.map((d) => d.name.getText(source)).join(', ')
      : ((statement as ts.DeclarationStatement).name?.getText(source) ?? '?');
    missing.push(`${file.slice(REPO_DIR.length)}: ${name}`);
  }
  return missing;
}

describe('public API documentation', () => {
  it('should give every exported declaration a TSDoc comment', () => {
    const files = PUBLIC_DIRS.flatMap((dir) =>
      readdirSync(join(REPO_DIR, dir))
        .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
        .map((f) => join(REPO_DIR, dir, f)),
    );
    expect(files.length).toBeGreaterThan(30);
    expect(files.flatMap(undocumentedExports)).toEqual([]);
  });
});
