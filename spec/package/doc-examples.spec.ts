// The `@example` blocks of the public API compile: every ```ts block of an `@example` tag under
// lib/ and tuner/ is type-checked with the compiler API as a user's module importing the package
// paths (`tilefall/...`, mapped by tsconfig.json), so an example cannot drift from the signature
// it shows. The main entry points must each have one.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_DIR } from '../support/repo.js';

const SOURCE_DIRS = ['lib', 'tuner'];

/** The functions a user meets first: each must show an example. */
const MUST_HAVE_EXAMPLE: readonly (readonly [string, string])[] = [
  ['lib/samegame/search/solver.ts', 'solve'],
  ['lib/columns/search/solver.ts', 'solve'],
  ['lib/samegame/engine/referee.ts', 'referee'],
  ['lib/columns/engine/referee.ts', 'referee'],
  ['tuner/tune.ts', 'tune'],
  ['lib/samegame/engine/generate.ts', 'generate'],
  ['lib/columns/engine/generate.ts', 'generate'],
  ['lib/samegame/engine/text.ts', 'parseBoard'],
  ['lib/samegame/engine/text.ts', 'formatBoard'],
  ['lib/samegame/engine/moves.ts', 'parseMoves'],
  ['lib/samegame/engine/moves.ts', 'formatMoves'],
  ['lib/columns/engine/text.ts', 'parseInstance'],
  ['lib/columns/engine/text.ts', 'formatInstance'],
  ['lib/columns/engine/moves.ts', 'parseMoves'],
  ['lib/columns/engine/moves.ts', 'formatMoves'],
];

/** One ```ts block of an `@example` tag: where it is, whose it is, and its code. */
interface Example {
  readonly file: string;
  readonly name: string;
  readonly code: string;
}

/** A doc comment's text without its `/**`, `*\/` and leading ` * ` margins. */
function commentBody(comment: string): string {
  return comment
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join('\n');
}

/** The ```ts blocks of the `@example` sections of a comment body (a section ends at the next tag). */
function exampleBlocks(body: string): string[] {
  const blocks: string[] = [];
  let inExample = false;
  let block: string[] | null = null;
  for (const line of body.split('\n')) {
    if (block !== null) {
      if (line.trim() === '```') {
        blocks.push(block.join('\n'));
        block = null;
      } else block.push(line);
    } else if (/^@\w+/.test(line.trim())) inExample = line.trim().startsWith('@example');
    else if (inExample && /^```(ts|typescript)\s*$/.test(line.trim())) block = [];
  }
  return blocks;
}

/** The name a top-level statement declares, for reports. */
function declaredName(statement: ts.Statement, source: ts.SourceFile): string {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations[0].name.getText(source);
  return (statement as ts.DeclarationStatement).name?.getText(source) ?? '?';
}

/** Every `@example` block of the top-level declarations of `text`. */
function examplesOf(file: string, text: string): Example[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  return source.statements.flatMap((statement) => {
    const docs = ts.getJSDocCommentsAndTags(statement).filter(ts.isJSDoc);
    const name = declaredName(statement, source);
    return docs.flatMap((doc) => exampleBlocks(commentBody(doc.getText(source))).map((code) => ({ file, name, code })));
  });
}

/** The compiler's complaints about each example, compiled together as modules of this repository. */
function exampleDiagnostics(examples: readonly Example[]): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(REPO_DIR, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error('tsconfig.json could not be read');
  // Virtual files beside this spec: ES modules (the package is "type": "module") a user might write.
  const virtual = new Map(examples.map((e, i) => [join(REPO_DIR, 'spec/package', `doc-example-${i}.ts`), e]));
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (f) => virtual.get(f)?.code ?? readFile(f);
  host.fileExists = (f) => virtual.has(f) || fileExists(f);
  host.getSourceFile = (f, language, onError, create) => {
    const example = virtual.get(f);
    return example === undefined
      ? getSourceFile(f, language, onError, create)
      : ts.createSourceFile(f, example.code, language);
  };
  const program = ts.createProgram({
    rootNames: [...virtual.keys()],
    options: { ...config.options, noEmit: true },
    host,
  });
  return [...virtual].flatMap(([f, example]) =>
    ts
      .getPreEmitDiagnostics(program, program.getSourceFile(f))
      .map((d) => `${example.file} (${example.name}): ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`),
  );
}

function publicSourceFiles(): string[] {
  return SOURCE_DIRS.flatMap((dir) =>
    readdirSync(join(REPO_DIR, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
      .map((f) => join(dir, f)),
  );
}

describe('examplesOf', () => {
  it('should find the ts blocks of an @example tag and not those of other tags or other languages', () => {
    const text = [
      '/**',
      ' * Adds.',
      ' *',
      ' * ```ts',
      ' * notAnExample();',
      ' * ```',
      ' *',
      ' * @example',
      ' * ```ts',
      ' * add(1, 2);',
      ' * ```',
      ' * ```sh',
      ' * echo no',
      ' * ```',
      ' * @remarks',
      ' * ```ts',
      ' * remark();',
      ' * ```',
      ' */',
      'export function add(a: number, b: number) { return a + b; }',
    ].join('\n');
    expect(examplesOf('a.ts', text)).toEqual([{ file: 'a.ts', name: 'add', code: 'add(1, 2);' }]);
  });
});

describe('exampleDiagnostics', () => {
  it('should refuse an example that calls a function with the wrong arguments', () => {
    const code = "import { solve } from 'tilefall/samegame';\nconsole.log(solve(1));\n";
    expect(exampleDiagnostics([{ file: 'x.ts', name: 'x', code }])).not.toEqual([]);
  }, 60_000);

  it('should refuse an example that imports a name the entry point does not export', () => {
    const code = "import { kernel } from 'tilefall/samegame';\nconsole.log(kernel);\n";
    expect(exampleDiagnostics([{ file: 'x.ts', name: 'x', code }])).not.toEqual([]);
  }, 60_000);
});

describe('public API examples', () => {
  const examples = publicSourceFiles().flatMap((f) => examplesOf(f, readFileSync(join(REPO_DIR, f), 'utf8')));

  it('should show an example on each main entry point', () => {
    const missing = MUST_HAVE_EXAMPLE.filter(
      ([file, name]) => !examples.some((e) => e.file === file && e.name === name),
    );
    expect(missing).toEqual([]);
  });

  it('should import what each example uses from the package entry points', () => {
    const bare = examples.filter((e) => !/from 'tilefall(\/\w+)?'/.test(e.code));
    expect(bare.map((e) => `${e.file} (${e.name})`)).toEqual([]);
  });

  it('should compile every example against the real signatures', () => {
    expect(exampleDiagnostics(examples)).toEqual([]);
  }, 120_000);
});
