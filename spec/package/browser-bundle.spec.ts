// Both game entry points as a web page gets them: bundled for the browser with no Node built-in,
// small, and giving the same answers in headless Chromium as in Node (the referee on the fixture
// games, a solve at a node budget).
import { join } from 'node:path';
import { type BuildOptions, build, type Metafile } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as columnsModule from '../../lib/columns/index.js';
import * as samegameModule from '../../lib/samegame/index.js';
import { launchBrowser } from '../support/browser.js';
import { REPO_DIR, readJsonLines, readRepoFile } from '../support/repo.js';

const KB = 1000;

/** A minified browser bundle: its text and what went into it. */
interface Bundle {
  readonly text: string;
  readonly bytes: number;
  readonly inputs: readonly string[];
}

async function bundle(what: Pick<BuildOptions, 'entryPoints' | 'stdin'>, label: string): Promise<Bundle> {
  const result = await build({
    ...what,
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    minify: true,
    metafile: true,
    logLevel: 'silent',
  });
  expect(result.errors).toEqual([]);
  const [output] = result.outputFiles;
  const inputs = Object.keys((result.metafile as Metafile).inputs);
  console.info(`browser bundle ${label}: ${output.contents.length} bytes minified, ${inputs.length} modules`);
  return { text: output.text, bytes: output.contents.length, inputs };
}

const entry = (relative: string) => ({ entryPoints: [join(REPO_DIR, relative)] });

/** The fixture games and the boards to solve, as plain data (the same for Node and the page). */
interface GameInputs {
  readonly samegameGames: readonly { board: string; moves: string[]; protocol: samegameModule.Protocol }[];
  readonly columnsGames: readonly { input: string; output: string }[];
  readonly samegameBoard: string;
  readonly columnsInstance: string;
  readonly nodes: number;
}

type Samegame = typeof samegameModule;
type Columns = typeof columnsModule;

/**
 * The calls compared, written once. It runs in Node on the source modules and in the page on the
 * bundles (as its source text), so it may use nothing but its arguments.
 */
function playAll(samegame: Samegame, columns: Columns, inputs: GameInputs) {
  const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
  const sameBoard = (text: string) => {
    const parsed = samegame.parseBoard(text, { width: 15, height: 15, colors: 5 });
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value;
  };
  const columnsInstance = (text: string) => {
    const parsed = columns.parseInstance(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value;
  };
  const samegameVerdicts = inputs.samegameGames.map((game) => {
    const output = game.moves.join(game.protocol === 'one-turn' ? ';' : '\n');
    return plain(samegame.referee(sameBoard(game.board), output, { protocol: game.protocol }));
  });
  const columnsVerdicts = inputs.columnsGames.map((game) => {
    const instance = columnsInstance(game.input);
    const moves = columns.parseMoves(game.output, instance);
    if (!moves.ok) throw new Error(moves.error.message);
    const judged = columns.playMoves(instance, moves.value);
    if (!judged.ok) throw new Error(judged.error.message);
    const played = judged.value;
    if (!played.valid) throw new Error(played.error.message);
    return plain({
      referee: columns.referee(instance, game.output),
      score: played.score,
      pointsPerColumn: played.pointsPerColumn,
      gameOverAt: played.gameOverAt,
      field: columns.formatField(played.field),
    });
  });
  const budget = { nodes: inputs.nodes };
  const samegameSolve = samegame.solve(sameBoard(inputs.samegameBoard), { budget, seed: 1 });
  const columnsSolve = columns.solve(columnsInstance(inputs.columnsInstance), { budget });
  return plain({ samegameVerdicts, columnsVerdicts, samegameSolve, columnsSolve }) as {
    samegameVerdicts: unknown[];
    columnsVerdicts: unknown[];
    samegameSolve: { ok: boolean; value?: { score: number } };
    columnsSolve: { ok: boolean; value?: { score: number } };
  };
}

function gameInputs(): GameInputs {
  const samegameGames = readJsonLines('spec/samegame/fixtures/referee-sample.jsonl').map((row) => {
    const { board, moves, protocol } = row as { board: string[]; moves: string[]; protocol: samegameModule.Protocol };
    return { board: board.join('\n'), moves, protocol };
  });
  const columnsGames = readJsonLines('spec/columns/fixtures/sample-games.jsonl').map((row) => {
    const { input, output } = row as { input: string; output: string };
    return { input, output };
  });
  const bench = columnsModule.parseInstances(readRepoFile('datasets/columns/bench.txt'));
  if (!bench.ok) throw new Error(bench.error.message);
  return {
    samegameGames,
    columnsGames,
    samegameBoard: readRepoFile('datasets/samegame/demo-board.txt'),
    columnsInstance: columnsModule.formatInstance(bench.value[0]),
    nodes: 3000,
  };
}

describe('the browser bundles', () => {
  let parseAndJudge: Bundle;
  let samegame: Bundle;
  let columns: Bundle;
  beforeAll(async () => {
    parseAndJudge = await bundle(
      {
        stdin: {
          contents: "export { parseBoard, referee } from './lib/samegame/index.js';",
          resolveDir: REPO_DIR,
          sourcefile: 'parse-and-judge.ts',
          loader: 'ts',
        },
      },
      'parseBoard + referee',
    );
    samegame = await bundle(entry('lib/samegame/index.ts'), 'tilefall/samegame');
    columns = await bundle(entry('lib/columns/index.ts'), 'tilefall/columns');
  });

  it('should keep parseBoard and the referee within 30 KB, and each game within 100 KB', () => {
    expect(parseAndJudge.bytes).toBeLessThanOrEqual(30 * KB);
    expect(samegame.bytes).toBeLessThanOrEqual(100 * KB);
    expect(columns.bytes).toBeLessThanOrEqual(100 * KB);
  });

  it('should reach no Node built-in', () => {
    for (const b of [parseAndJudge, samegame, columns]) {
      expect(b.inputs.length).toBeGreaterThan(0);
      expect(b.inputs.filter((input) => input.startsWith('node:'))).toEqual([]);
    }
  });

  describe('in headless Chromium', () => {
    let browser: Browser;
    let page: Page;
    beforeAll(async () => {
      browser = await launchBrowser();
      page = await browser.newPage();
      // Each bundle becomes an ES module of the page through a blob URL: nothing is served. The
      // import is page code given as text: the spec's own `import()` calls are rewritten by vitest.
      await page.evaluate(
        ([samegameText, columnsText]) => {
          const scope = globalThis as unknown as Record<string, unknown>;
          scope.bundles = { samegame: samegameText, columns: columnsText };
        },
        [samegame.text, columns.text],
      );
      await page.evaluate(`(async () => {
        const load = (text) => import(URL.createObjectURL(new Blob([text], { type: 'text/javascript' })));
        [globalThis.samegame, globalThis.columns] = await Promise.all([load(bundles.samegame), load(bundles.columns)]);
      })()`);
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
    });

    it('should judge the fixture games and solve at a node budget as Node does', async () => {
      const inputs = gameInputs();
      const inNode = playAll(samegameModule, columnsModule, inputs);
      const inBrowser = await page.evaluate(
        ([source, data]) => {
          const scope = globalThis as unknown as Record<string, unknown>;
          const play = new Function(`return (${source})`)() as typeof playAll;
          return play(scope.samegame as Samegame, scope.columns as Columns, data);
        },
        [playAll.toString(), inputs] as const,
      );
      expect(inNode.samegameVerdicts).toHaveLength(60);
      expect(inNode.columnsVerdicts).toHaveLength(12);
      expect(inNode.samegameSolve.value?.score).toBeGreaterThan(0);
      expect(inNode.columnsSolve.value?.score).toBeGreaterThan(0);
      expect(inBrowser).toEqual(inNode);
    }, 120_000);
  });
});
