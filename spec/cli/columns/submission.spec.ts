// The single-file Columns submission, run as a judge runs a program: the input on stdin, the
// output on stdout, checked by the engine.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseMoves } from '../../../lib/columns/engine/moves.js';
import { judgePlacements } from '../../../lib/columns/engine/referee.js';
import { formatInstance, parseInstance } from '../../../lib/columns/engine/text.js';
import { quickstartPlacements } from '../../../lib/columns/search/baselines.js';
import { generated } from '../../columns/arbitraries.js';
import { runCli } from '../../support/cli.js';
import { REPO_DIR } from '../../support/repo.js';
import { scratchDirectory } from '../../support/scratch.js';

const BUNDLE = `${REPO_DIR}dist/columns/solve.cjs`;

beforeAll(() => {
  const build = spawnSync('npm', ['run', '--silent', 'build:columns'], { cwd: REPO_DIR, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build:columns failed: ${build.stderr}`);
}, 60_000);

const run = (input: string) =>
  spawnSync(process.execPath, [BUNDLE], {
    input,
    encoding: 'utf8',
    env: { ...process.env, TILEFALL_COLUMNS_SECONDS: '1' },
  });

describe('the single-file Columns submission', () => {
  it('should be one CommonJS file that needs nothing but Node itself', () => {
    const source = readFileSync(BUNDLE, 'utf8');
    const required = [...source.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]);
    expect(required.every((name) => name.startsWith('node:') || ['fs', 'path', 'url', 'os'].includes(name))).toBe(true);
  });

  it("should fit the contest's code size limit of 64 KiB", () => {
    expect(statSync(BUNDLE).size).toBeLessThanOrEqual(64 * 1024);
  });

  it('should print an output the engine accepts, scoring above the quickstart', () => {
    const instance = generated({ seed: 7, columns: 400 })[0];
    const result = run(formatInstance(instance));
    expect(result.status).toBe(0);
    const placements = parseMoves(result.stdout, instance);
    expect(placements.ok).toBe(true);
    if (!placements.ok) return;
    expect(judgePlacements(instance, placements.value).score).toBeGreaterThan(
      judgePlacements(instance, quickstartPlacements(instance)).score,
    );
  });

  it('should solve the statement sample above its quickstart score of 141', () => {
    const sample = readFileSync(`${REPO_DIR}datasets/columns/sample.txt`, 'utf8');
    const instance = parseInstance(sample);
    if (!instance.ok) throw new Error(instance.error.message);
    const result = run(sample);
    const placements = parseMoves(result.stdout, instance.value);
    expect(placements.ok && judgePlacements(instance.value, placements.value).score).toBeGreaterThan(141);
  });

  it('should refuse a malformed input with one line naming its line, and exit 2', () => {
    const result = run('8 13\n2\nabc\nab\n');
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/line 4/);
  });
});

describe('tilefall columns bench --submission', () => {
  it('should time the submission on every instance and total each strategy over the rows', () => {
    const instances = [generated({ seed: 3, columns: 120 })[0], generated({ seed: 4, columns: 90 })[0]];
    const dataset = join(scratchDirectory('tilefall-bench-'), 'two.txt');
    writeFileSync(dataset, instances.map(formatInstance).join('---\n'));
    const result = runCli(['columns', 'bench', '--dataset', dataset, '--time', '0.5', '--submission', BUNDLE], {
      timeoutMs: 60_000,
    });
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split('\n');
    const rows = lines.slice(1, 3).map((line) => line.trim().split(/\s+/));
    // The quickstart column is the engine's score of the quickstart play.
    rows.forEach((row, i) => {
      expect(Number(row[3])).toBe(judgePlacements(instances[i], quickstartPlacements(instances[i])).score);
    });
    const total = lines[3].trim().split(/\s+/).slice(1).map(Number);
    [3, 4, 5].forEach((column, t) => {
      expect(total[t]).toBe(rows.reduce((sum, row) => sum + Number(row[column]), 0));
    });
    expect(lines[4]).toMatch(
      /^solver \/ quickstart \d+\.\d\d, greedy \/ quickstart \d+\.\d\d, slowest solve \d+\.\d\d s/,
    );
  });

  it('should leave nothing behind in the temporary folder, even when a solve fails', () => {
    const work = scratchDirectory('tilefall-bench-');
    const temporary = scratchDirectory('tilefall-bench-tmp-');
    const dataset = join(work, 'two.txt');
    writeFileSync(dataset, [3, 4].map((seed) => formatInstance(generated({ seed, columns: 50 })[0])).join('---\n'));
    const silent = join(work, 'silent.cjs');
    writeFileSync(silent, 'process.exit(1);\n');
    const env = { TMPDIR: temporary };
    const failed = runCli(['columns', 'bench', '--dataset', dataset, '--time', '0.5', '--submission', silent], { env });
    expect(failed.status).not.toBe(0);
    const stacker = join(work, 'stacker.cjs');
    writeFileSync(stacker, "process.stdout.write('0\\n');\n");
    const passed = runCli(['columns', 'bench', '--dataset', dataset, '--time', '0.5', '--submission', stacker], {
      env,
    });
    expect(passed.status).toBe(0);
    // (tsx, which runs the CLI from source, keeps its own compile cache there.)
    expect(readdirSync(temporary).filter((name) => name.startsWith('tilefall-'))).toEqual([]);
  });

  it('should name the instances whose game the output let end early, with the column that ended it', () => {
    const instance = generated({ seed: 5, columns: 200 })[0];
    const work = scratchDirectory('tilefall-bench-');
    const dataset = join(work, 'one.txt');
    writeFileSync(dataset, formatInstance(instance));
    // "0" plays every column at the default placement, on the first stack, which soon overflows.
    const stacker = join(work, 'stacker.cjs');
    writeFileSync(stacker, "process.stdout.write('0\\n');\n");
    const result = runCli(['columns', 'bench', '--dataset', dataset, '--time', '0.5', '--submission', stacker], {
      timeoutMs: 60_000,
    });
    expect(result.status).toBe(0);
    const played = judgePlacements(instance, []);
    const gameOverAt = played.valid ? played.gameOverAt : 'invalid';
    expect(gameOverAt).not.toBeNull();
    expect(result.stdout).toContain(`ended early: 1 (column ${gameOverAt} of ${instance.pieces.length})`);
  });
});
