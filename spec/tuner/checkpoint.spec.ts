import * as fs from 'node:fs';
import { basename, join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHECKPOINT_FORMAT,
  checkCheckpointFolder,
  checkpointRecords,
  checkpointRunId,
  type RunIdentity,
  readCheckpoint,
  writeCheckpoint,
} from '../../tuner/checkpoint.js';
import type { GaState } from '../../tuner/ga.js';
import { scratchDirectory } from '../support/scratch.js';

// The file system as it is, with writeSync and renameSync watchable, so that a test can fail a
// write half-way (a full disk, a crash) and see how the target is replaced.
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  return { ...actual, writeSync: vi.fn(actual.writeSync), renameSync: vi.fn(actual.renameSync) };
});
const realFs = await vi.importActual<typeof import('node:fs')>('node:fs');

const tmp = scratchDirectory('tilefall-checkpoint-');
let fileCount = 0;
/** A new checkpoint path in the scratch folder. */
const newFile = () => join(tmp, `run-${++fileCount}.ckpt`);
/** Temporary files left in the scratch folder (a write that did not clean up after itself). */
const leftovers = () => fs.readdirSync(tmp).filter((f) => f.endsWith('.tmp'));

const run: RunIdentity = {
  game: 'samegame',
  population: 3,
  generations: 5,
  seed: 7,
  nodes: 20_000,
  train: 'a1b2c3d4',
  start: [1, -0.5, 2.25],
  optimizer: 'ga',
};

const state: GaState = {
  generation: 2,
  population: [
    [1, -0.5, 2.25],
    [1.5, -0.25, 2],
    [0.75, 0, 3.125],
  ],
  // The elite's parent fitness is -Infinity, which JSON cannot hold.
  parentFitness: [Number.NEGATIVE_INFINITY, 1234.5, 987],
  sigma: 0.12,
  randomState: [123456789, 362436069, 521288629, 88675123],
  history: [
    { generation: 0, best: 1000, mean: 900.5, bestGenome: [1, -0.5, 2.25], sigma: 0.15 },
    { generation: 1, best: 1234.5, mean: 1001.25, bestGenome: [1.5, -0.25, 2], sigma: 0.135 },
  ],
};

/** `value` with every -0 in it made 0. */
const withoutNegativeZero = <T>(value: T): T =>
  (Array.isArray(value)
    ? value.map(withoutNegativeZero)
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNegativeZero(v)]))
      : Object.is(value, -0)
        ? 0
        : value) as T;

/** A checkpoint file's JSON, loosely typed so that a test can break any field of it. */
interface CheckpointJson {
  format: unknown;
  version: unknown;
  run: Record<string, unknown>;
  state: { sigma: unknown; population: unknown[][]; randomState: unknown[]; history: Record<string, unknown>[] };
}
type Edit = (json: CheckpointJson) => void;

/** A checkpoint written for `run` and `state`, as its parsed JSON, changed by `edit`, written back. */
function editedCheckpoint(edit: Edit): string {
  const file = newFile();
  expect(writeCheckpoint(file, run, state).ok).toBe(true);
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  edit(json);
  fs.writeFileSync(file, JSON.stringify(json));
  return file;
}

/** Reads `file` for `identity`, expecting a refusal; the message, after checking the file was left as it was. */
function refusal(file: string, identity: RunIdentity = run): string {
  const before = fs.readFileSync(file);
  const modified = fs.statSync(file).mtimeMs;
  const read = readCheckpoint(file, identity);
  expect(read.ok).toBe(false);
  expect(fs.readFileSync(file)).toEqual(before);
  expect(fs.statSync(file).mtimeMs).toBe(modified);
  if (read.ok) return '';
  expect(read.error.file).toBe(file);
  return read.error.message;
}

afterEach(() => {
  vi.mocked(fs.writeSync).mockReset().mockImplementation(realFs.writeSync);
  vi.mocked(fs.renameSync).mockReset().mockImplementation(realFs.renameSync);
});

describe('writeCheckpoint and readCheckpoint', () => {
  it('should read back exactly the state written, -Infinity parent fitness included', () => {
    const file = newFile();
    expect(writeCheckpoint(file, run, state)).toEqual({ ok: true, value: undefined });
    expect(readCheckpoint(file, run)).toEqual({ ok: true, value: state });
    expect(leftovers()).toEqual([]);
  });

  it("should read back each failure record's first failed game, and read a checkpoint written before it was kept", () => {
    const failed = { genome: [1, -0.5, 2.25], games: 2, failed: { crash: 2 } };
    const withFailures: GaState = {
      ...state,
      history: [
        {
          ...state.history[0],
          failures: [{ ...failed, first: { kind: 'crash', detail: 'exit code 3; stderr: boom' } }],
        },
        { ...state.history[1], failures: [failed] },
      ],
    };
    const file = newFile();
    expect(writeCheckpoint(file, run, withFailures).ok).toBe(true);
    expect(readCheckpoint(file, run)).toEqual({ ok: true, value: withFailures });
  });

  it('should read back any state of finite numbers it wrote', () => {
    const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
    const genome = fc.array(finite, { minLength: 3, maxLength: 3 });
    fc.assert(
      fc.property(
        fc.record({
          generation: fc.nat(),
          population: fc.array(genome, { maxLength: 5 }),
          parentFitness: fc.array(fc.oneof(finite, fc.constant(Number.NEGATIVE_INFINITY)), { maxLength: 5 }),
          sigma: finite,
          randomState: fc.array(fc.integer(), { minLength: 4, maxLength: 4 }),
          history: fc.array(
            fc.record({ generation: fc.nat(), best: finite, mean: finite, bestGenome: genome, sigma: finite }),
            { maxLength: 3 },
          ),
        }),
        (written) => {
          const file = join(tmp, 'property.ckpt');
          expect(writeCheckpoint(file, run, written).ok).toBe(true);
          const read = readCheckpoint(file, run);
          // JSON keeps every finite double exactly, but writes -0 as 0.
          expect(read).toEqual({ ok: true, value: withoutNegativeZero(written) });
        },
      ),
      { numRuns: 30 },
    );
  });

  it('should mark the file as a version 1 tilefall checkpoint of its run', () => {
    const file = newFile();
    writeCheckpoint(file, run, state);
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(json).toMatchObject({ format: CHECKPOINT_FORMAT, version: 1, run });
    expect(json.state.parentFitness[0]).toBeNull();
  });

  it('should replace a checkpoint only by renaming a whole new file from the same folder over it', () => {
    const file = newFile();
    writeCheckpoint(file, run, { ...state, generation: 1 });
    const old = fs.readFileSync(file, 'utf8');
    const renames: { from: string; to: string; source: string; target: string }[] = [];
    vi.mocked(fs.renameSync).mockImplementation((from, to) => {
      renames.push({
        from: String(from),
        to: String(to),
        source: realFs.readFileSync(from, 'utf8'),
        target: realFs.readFileSync(to, 'utf8'),
      });
      realFs.renameSync(from, to);
    });
    expect(writeCheckpoint(file, run, state).ok).toBe(true);
    expect(renames).toHaveLength(1);
    const [{ from, to, source, target }] = renames;
    expect(to).toBe(file);
    expect(from).not.toBe(file);
    // The same folder: the rename stays on one file system, where it is atomic.
    expect(join(from, '..')).toBe(tmp);
    // Until the rename the target is the old checkpoint, whole; what replaces it is the new one, whole.
    expect(target).toBe(old);
    expect(source).toBe(fs.readFileSync(file, 'utf8'));
    expect(readCheckpoint(file, run)).toEqual({ ok: true, value: state });
  });

  it('should leave the previous checkpoint whole and readable when a write fails half-way', () => {
    const file = newFile();
    const previous = { ...state, generation: 1 };
    writeCheckpoint(file, run, previous);
    const before = fs.readFileSync(file, 'utf8');
    // The disk fills up after half the new checkpoint is written.
    vi.mocked(fs.writeSync).mockImplementation((fd: number, data: unknown) => {
      const text = String(data);
      realFs.writeSync(fd, text.slice(0, text.length >> 1));
      throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    });
    expect(writeCheckpoint(file, run, state)).toEqual({
      ok: false,
      error: { file, message: 'cannot be written (ENOSPC)' },
    });
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(readCheckpoint(file, run)).toEqual({ ok: true, value: previous });
    expect(leftovers()).toEqual([]);
  });

  it('should leave the previous checkpoint whole when the rename itself fails', () => {
    const file = newFile();
    writeCheckpoint(file, run, state);
    const before = fs.readFileSync(file, 'utf8');
    vi.mocked(fs.renameSync).mockImplementation(() => {
      throw Object.assign(new Error('I/O error'), { code: 'EIO' });
    });
    expect(writeCheckpoint(file, run, { ...state, generation: 3 })).toMatchObject({ ok: false, error: { file } });
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(leftovers()).toEqual([]);
  });
});

describe('readCheckpoint', () => {
  it('should refuse a missing file, naming it', () => {
    const missing = join(tmp, 'never-written.ckpt');
    expect(readCheckpoint(missing, run)).toEqual({ ok: false, error: { file: missing, message: 'does not exist' } });
  });

  it('should refuse a checkpoint cut short, as a crash outside writeCheckpoint would leave it', () => {
    const file = newFile();
    writeCheckpoint(file, run, state);
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.slice(0, Math.floor(text.length / 2)));
    expect(refusal(file)).toMatch(/^is not valid JSON \(/);
  });

  it('should refuse a file that is not JSON at all', () => {
    const file = newFile();
    fs.writeFileSync(file, 'generation 3\n');
    expect(refusal(file)).toMatch(/^is not valid JSON \(/);
  });

  it.each<[string, Edit]>([
    ['format', (j) => (j.format = 'some-other-tool')],
    ['version', (j) => (j.version = 2)],
    ['run.seed', (j) => (j.run.seed = 'seven')],
    ['state', (j) => Reflect.deleteProperty(j, 'state')],
    ['state.sigma', (j) => (j.state.sigma = null)],
    ['state.population.1.2', (j) => (j.state.population[1][2] = '2')],
    ['state.randomState.0', (j) => (j.state.randomState[0] = 0.5)],
    ['state.history.1.best', (j) => (j.state.history[1].best = null)],
  ])('should refuse a checkpoint whose field %s is wrong, naming the field', (field, edit) => {
    const message = refusal(editedCheckpoint(edit));
    expect(message).toMatch(new RegExp(`^is not a tilefall checkpoint: field "${field.replaceAll('.', '\\.')}": `));
  });

  it.each([
    ['game', 'columns'],
    ['population', 4],
    ['generations', 6],
    ['seed', 8],
    ['nodes', 30_000],
    ['train', 'ffffffff'],
    ['start', [1, -0.5, 2.5]],
  ] as const)('should refuse a checkpoint of another run whose %s differs, naming both values', (key, now) => {
    const file = newFile();
    writeCheckpoint(file, run, state);
    const message = refusal(file, { ...run, [key]: now });
    expect(message).toBe(
      `was made by a different run (${key} differs: ${JSON.stringify(run[key])} there, ${JSON.stringify(now)} now)`,
    );
  });

  it('should refuse to resume a batched run without its batch', () => {
    const file = newFile();
    writeCheckpoint(file, { ...run, batch: 2 }, state);
    expect(refusal(file, run)).toBe('was made by a different run (batch differs: 2 there, not set now)');
    expect(readCheckpoint(file, { ...run, batch: 2 })).toEqual({ ok: true, value: state });
    const unbatched = newFile();
    writeCheckpoint(unbatched, run, state);
    expect(refusal(unbatched, { ...run, batch: 2 })).toBe(
      'was made by a different run (batch differs: not set there, 2 now)',
    );
  });

  it("should read a checkpoint that names no optimizer (written before CMA-ES) as the GA's", () => {
    const file = editedCheckpoint((json) => {
      delete json.run.optimizer;
    });
    expect(readCheckpoint(file, run)).toEqual({ ok: true, value: state });
    expect(refusal(file, { ...run, optimizer: 'cmaes' })).toBe(
      'was made by a different run (optimizer differs: "ga" there, "cmaes" now)',
    );
  });
});

describe('checkCheckpointFolder', () => {
  it('should accept a new file in a writable folder and leave nothing behind', () => {
    const file = newFile();
    expect(checkCheckpointFolder(file)).toEqual({ ok: true, value: undefined });
    expect(fs.readdirSync(tmp).filter((f) => f.includes(basename(file)))).toEqual([]);
  });

  it('should refuse a missing folder, a file as the folder, a folder as the file and a folder that takes no file', () => {
    const file = newFile();
    realFs.writeFileSync(file, 'not a folder');
    expect(checkCheckpointFolder(join(tmp, 'missing', 'x.ckpt'))).toEqual({
      ok: false,
      error: {
        file: join(tmp, 'missing', 'x.ckpt'),
        message: `cannot be written: its folder ${join(tmp, 'missing')} does not exist`,
      },
    });
    expect(checkCheckpointFolder(join(file, 'x.ckpt'))).toMatchObject({
      ok: false,
      error: { message: `cannot be written: ${file} is not a folder` },
    });
    expect(checkCheckpointFolder(tmp)).toMatchObject({
      ok: false,
      error: { message: 'is a directory, expected a file' },
    });
    expect(checkCheckpointFolder('/proc/tilefall.ckpt')).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^cannot be written \(E[A-Z]+\)$/) },
    });
  });
});

describe('checkpointRunId', () => {
  it('should give back the queue run id written with the state, which leaves the state as it was', () => {
    const file = newFile();
    expect(writeCheckpoint(file, run, state, '3f2a9c1b04de').ok).toBe(true);
    expect(checkpointRunId(file)).toBe('3f2a9c1b04de');
    const plain = newFile();
    expect(writeCheckpoint(plain, run, state).ok).toBe(true);
    expect(readCheckpoint(file, run)).toEqual(readCheckpoint(plain, run));
    expect(checkpointRunId(plain)).toBeUndefined();
  });

  it('should take no run id that a job id could not carry, nor one from a file that is not JSON', () => {
    for (const runId of ['a-b', 'a:b', '', 'x'.repeat(65), 'a b']) {
      const file = newFile();
      fs.writeFileSync(file, JSON.stringify({ format: CHECKPOINT_FORMAT, version: 1, run, runId, state }));
      expect(checkpointRunId(file)).toBeUndefined();
    }
    const broken = newFile();
    fs.writeFileSync(broken, '{');
    expect(checkpointRunId(broken)).toBeUndefined();
    expect(checkpointRunId(join(tmp, 'missing.ckpt'))).toBeUndefined();
  });
});

describe('a checkpoint of a huge number of bad records', () => {
  /** The text of `run`'s checkpoint with `change` made to its state. */
  const changed = (change: (state: Record<string, unknown>) => void): string => {
    const file = newFile();
    writeCheckpoint(file, run, state);
    const json = JSON.parse(realFs.readFileSync(file, 'utf8'));
    change(json.state);
    return JSON.stringify(json);
  };

  it('should be refused at its first wrong field, in a second, without a list of every one', () => {
    const records = changed((s) => {
      s.history = new Array(300_000).fill({});
    });
    const numbers = changed((s) => {
      s.population = [new Array(900_000).fill('x')];
    });
    const started = performance.now();
    expect(checkpointRecords(JSON.parse(records))).toEqual({
      ok: false,
      error: 'field "state.history.0.generation": Invalid input: expected number, received undefined',
    });
    const file = newFile();
    realFs.writeFileSync(file, numbers);
    expect(readCheckpoint(file, run)).toEqual({
      ok: false,
      error: {
        file,
        message:
          'is not a tilefall checkpoint: field "state.population.0.0": Invalid input: expected number, received string',
      },
    });
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
