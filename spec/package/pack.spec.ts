// Packs tilefall, installs the tarball into a fresh project and uses it as a consumer would:
// publint clean (exports, types, files, bin), type-checked, run, importing only the public paths.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_DIR } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';

const run = (command: string, args: string[], cwd: string) => {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
};

/** Every package folder under `dir`/node_modules, nested ones too: `<name>` or `@scope/<name>` holding a package.json. */
function installedPackages(dir: string): string[] {
  const modules = join(dir, 'node_modules');
  if (!existsSync(modules)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue;
    const names = entry.startsWith('@') ? readdirSync(join(modules, entry)).map((name) => `${entry}/${name}`) : [entry];
    for (const name of names) {
      const folder = join(modules, name);
      if (!existsSync(join(folder, 'package.json'))) continue;
      found.push(folder, ...installedPackages(folder));
    }
  }
  return found;
}

/** The packages an install brought, as name@version (a version npm placed in several folders is one package). */
function distinctPackages(folders: readonly string[]): string[] {
  const named = folders.map((folder) => {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
    };
    return `${manifest.name}@${manifest.version}`;
  });
  return [...new Set(named)].sort();
}

describe('the npm package', () => {
  it('should install from its tarball and serve a typed consumer through the public paths', () => {
    const work = scratchDirectory('tilefall-pack-');
    run('npm', ['pack', '--silent', '--pack-destination', work], REPO_DIR);
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    expect(tarball).toBeDefined();

    const app = join(work, 'app');
    run('mkdir', ['-p', app], work);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    // Dependencies come from npm's cache, filled by this repository's own install.
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, tarball!)], app);
    copyFileSync(join(REPO_DIR, 'spec/package/consumer.ts.txt'), join(app, 'consumer.ts'));
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          // The package's own declarations are checked too, without Node's types (types: []): a
          // TypeScript user need not install @types/node to import it.
          skipLibCheck: false,
          outDir: 'out',
          types: [],
        },
        files: ['consumer.ts'],
      }),
    );
    // The consumer uses process.argv: declare just that, instead of pulling in @types/node.
    writeFileSync(join(app, 'globals.d.ts'), 'declare const process: { argv: string[] };\n');
    const tsconfig = JSON.parse(readFileSync(join(app, 'tsconfig.json'), 'utf8'));
    tsconfig.files.push('globals.d.ts');
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify(tsconfig));
    run(process.execPath, [join(REPO_DIR, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], app);
    // An older consumer (`moduleResolution: node10` reads no `exports`): the subpaths resolve through `typesVersions`.
    writeFileSync(
      join(app, 'node10.ts'),
      [
        "import { type Result, samegame } from 'tilefall';",
        "import { type Board, ok } from 'tilefall/samegame';",
        "import { parseInstance } from 'tilefall/columns';",
        "import { samegameGames } from 'tilefall/testing';",
        "import { estimate } from 'tilefall/tuner';",
        'export const uses: unknown[] = [samegame, ok, parseInstance, samegameGames, estimate];',
        'export type Uses = [Result<Board, string>];',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(app, 'tsconfig.node10.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'node10',
          ignoreDeprecations: '6.0',
          strict: true,
          skipLibCheck: true,
          noEmit: true,
          types: [],
        },
        files: ['node10.ts'],
      }),
    );
    run(process.execPath, [join(REPO_DIR, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.node10.json'], app);

    const board = readFileSync(join(REPO_DIR, 'datasets/samegame/demo-board.txt'), 'utf8');
    const output = JSON.parse(run(process.execPath, ['out/consumer.js', board], app)) as Record<string, unknown>;
    expect(output).toMatchObject({ end: 'terminal', spec: 1, mean: 2, columns: true, conforms: true });
    expect(output.score).toBe(output.verified);
    expect(output.score as number).toBeGreaterThan(0);

    const installed = JSON.parse(readFileSync(join(app, 'node_modules/tilefall/package.json'), 'utf8'));
    const shipped = readdirSync(join(app, 'node_modules/tilefall'));
    expect(shipped).not.toContain('spec');
    expect(shipped).not.toContain('scripts');
    // The guides ship; the two search logs (lab notebooks) stay in the repository.
    const docs = readdirSync(join(app, 'node_modules/tilefall/docs'));
    expect(docs).toEqual(expect.arrayContaining(['cli.md', 'conformance.md', 'library.md', 'tuning.md']));
    expect(docs.filter((f) => f.endsWith('-search-log.md'))).toEqual([]);
    // publint on what was installed, not on the repository's dist/ (which other commands also
    // write: a partial dist/ there says nothing about the package).
    const lint = spawnSync(
      process.execPath,
      [join(REPO_DIR, 'node_modules/publint/src/cli.js'), '--strict', join(app, 'node_modules/tilefall')],
      { encoding: 'utf8', timeout: 300_000 },
    );
    expect(lint.stdout + lint.stderr).toMatch(/All good!/);
    expect(lint.status).toBe(0);
    expect(
      run(process.execPath, [join(app, 'node_modules/tilefall', installed.bin.tilefall), '--version'], app).trim(),
    ).toBe(installed.version);

    // The built CLI: threads (a worker file beside the compiled code), a replay page (its inlined
    // assets), and the bundled standard boards as the bench's default.
    const bin = join(app, 'node_modules/tilefall', installed.bin.tilefall);
    writeFileSync(join(app, 'board.txt'), board);
    const moves = run(
      process.execPath,
      [bin, 'samegame', 'solve', '--board', 'board.txt', '--nodes', '20000', '--threads', '2', '--show', 'replay.html'],
      app,
    );
    expect(moves.trim().split('\n').length).toBeGreaterThan(10);
    const page = readFileSync(join(app, 'replay.html'), 'utf8');
    expect(page).toContain('id="replay-data"');
    // The compiled renderer and player, inlined as one classic script: no module syntax left.
    const script = page.slice(page.lastIndexOf('<script>'));
    expect(script).toMatch(/function sameGameSvg\(/);
    expect(script).toMatch(/startPlayer\(\);/);
    expect(script).not.toMatch(/^\s*(import|export)\b/m);
    const bench = run(
      process.execPath,
      [bin, 'samegame', 'bench', '--time', '0.05', '--boards', '1', '--speed-seconds', '0.01'],
      app,
    );
    expect(bench).toMatch(/record/);
    // The conformance check, with the example engine the package ships.
    const engine = join(app, 'node_modules/tilefall/docs/conformance/samegame_engine.py');
    const conform = run(
      process.execPath,
      [bin, 'samegame', 'conform', '--engine', `python3 ${engine}`, '--games', '20'],
      app,
    );
    expect(conform).toMatch(/^all 20 games agree with the rules: /);

    // A small install: the engines', solver's, tuner's and CLI's dependencies only; the job
    // queue's and the plots' packages are optional peers, not installed here.
    const folders = installedPackages(app);
    const brought = distinctPackages(folders).filter((p) => !p.startsWith('tilefall@'));
    console.info(
      `the install brought ${brought.length} packages (${folders.length} folders with tilefall's own and npm's duplicates): ${brought.join(' ')}`,
    );
    expect(brought.length).toBeGreaterThan(0);
    // Every folder npm installed counts, duplicates too (tilefall's own excepted): what a user gets.
    expect(folders.length - 1).toBeLessThanOrEqual(25);
    for (const optional of ['bullmq', 'ioredis', 'vega', 'vega-lite']) {
      expect(brought.some((p) => p.startsWith(`${optional}@`))).toBe(false);
    }

    // Without them, --queue and --plot answer one line naming what to install, before any work.
    const dataset = join(app, 'node_modules/tilefall/datasets/samegame/standard20.txt');
    const refusals: [string[], RegExp][] = [
      [
        [
          'samegame',
          'tune',
          '--train',
          dataset,
          '--validate',
          dataset,
          '--out',
          'w.json',
          '--queue',
          'redis://127.0.0.1:1',
        ],
        /^tilefall: --queue needs the optional packages bullmq and ioredis: npm install bullmq ioredis\n$/,
      ],
      [['worker', '--queue', 'redis://127.0.0.1:1'], /^tilefall: --queue needs .*npm install bullmq ioredis\n$/],
      [
        ['samegame', 'bench', '--time', '0.05', '--boards', '1', '--plot', 'bench.svg'],
        /^tilefall: --plot needs the optional packages vega and vega-lite: npm install vega vega-lite\n$/,
      ],
    ];
    for (const [args, line] of refusals) {
      const refused = spawnSync(process.execPath, [bin, ...args], { cwd: app, encoding: 'utf8', timeout: 60_000 });
      expect(refused.stderr).toMatch(line);
      expect(refused.status).toBe(2);
      expect(refused.stdout).toBe('');
    }
    expect(existsSync(join(app, 'w.json'))).toBe(false);
  }, 300_000);
});
