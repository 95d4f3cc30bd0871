// What a tuning worker accepts of a job it reads from the queue: a job of its own version and
// shape, of one of its games, with weights complete and a bounded budget, and a program game's job
// only for the program it was started with. Anything else is refused in one line naming the field.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUDGET_LIMITS } from '../../lib/core/budget.js';
import { ok } from '../../lib/core/result.js';
import { runOfJobId } from '../../lib/node/queue-retention.js';
import { type EvaluationJob, jobId, programForJob, readJob, readJobFor, type WorkerGame } from '../../tuner/queue.js';
import { hostileValue, spoiled } from '../support/hostile-values.js';

const names = ['a', 'b'] as const;
const solverGame: WorkerGame = { module: 'm', weightNames: () => ok(names) };

describe('readJob', () => {
  const worker = { name: 'w1', version: '1.2.3' };
  const job = {
    format: 'tilefall-evaluation',
    version: '1.2.3',
    game: 'samegame',
    run: 'r',
    weights: { a: 1 },
    nodes: 1000,
    items: [
      { instance: 'x', seed: 1 },
      { instance: 'y', seed: 2 },
    ],
  };

  it('should read a well-formed job of its own version as it is', () => {
    expect(readJob(job, worker)).toEqual({ ok: true, value: job });
  });

  it('should refuse a job of another version for its version, whatever else is wrong with it', () => {
    const read = readJob({ version: '0.9.0', items: 'not a list' }, worker);
    expect(read).toEqual({
      ok: false,
      error: 'worker w1 runs tilefall 1.2.3 but the job was made by 0.9.0: run the same version on every machine',
    });
  });

  it.each([
    ['nodes', { ...job, nodes: -5 }],
    ['nodes', { ...job, nodes: 9e15 }],
    ['nodes', { ...job, nodes: undefined }],
    ['nodes', { ...job, nodes: 1.5 }],
    ['items', { ...job, items: [] }],
    ['items.1.seed', { ...job, items: [job.items[0], { instance: 'y', seed: 1.5 }] }],
    ['items.0.seed', { ...job, items: [{ instance: 'y', seed: 2 ** 60 }] }],
    ['weights.a', { ...job, weights: { a: Number.POSITIVE_INFINITY } }],
    ['format', { ...job, format: 'something else' }],
    ['(the job itself)', 'a string'],
  ])('should name the bad field %s of a job of its own version', (field, data) => {
    const read = readJob(data, worker);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.startsWith(`not a tilefall evaluation job: field ${field}: `)).toBe(true);
  });

  it('should bound a budget as the library does, naming the limit', () => {
    expect(readJob({ ...job, nodes: 9e15 }, worker)).toEqual({
      ok: false,
      error: `not a tilefall evaluation job: field nodes: must be a whole number from 1 to ${BUDGET_LIMITS.nodes}, found 9000000000000000`,
    });
    expect(readJob({ ...job, nodes: BUDGET_LIMITS.nodes }, worker).ok).toBe(true);
  });
});

describe('readJobFor', () => {
  const worker = { name: 'w1', version: '1.2.3', games: { samegame: solverGame } };
  const job = {
    format: 'tilefall-evaluation',
    version: '1.2.3',
    game: 'samegame',
    run: 'r',
    weights: { a: 1, b: -2.5 },
    nodes: 1000,
    items: [{ instance: 'x', seed: 1 }],
  };

  it("should give a good job's game and its weights", () => {
    expect(readJobFor(job, worker)).toEqual({
      ok: true,
      value: { data: job, game: solverGame, program: undefined, weights: job.weights },
    });
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'columns', ''])(
    'should refuse the game %j, which is none of its own, naming the games it runs',
    (game) => {
      expect(readJobFor({ ...job, game }, worker)).toEqual({
        ok: false,
        error: `not a tilefall evaluation job: field game: ${JSON.stringify(game)} is none of the games worker w1 runs (samegame)`,
      });
    },
  );

  it.each([
    [{ a: 1 }, 'field weights.b: missing weight "b"'],
    [{ a: 1, b: 2, c: 3 }, 'field weights.c: unknown weight "c" (known: a, b)'],
    [{ weights: { a: 1, b: 2 } }, 'field weights.weights: Invalid input: expected number, received object'],
  ])('should refuse the weights %j, naming the weight', (weights, reason) => {
    expect(readJobFor({ ...job, weights }, worker)).toEqual({
      ok: false,
      error: `not a tilefall evaluation job: ${reason}`,
    });
  });

  it("should refuse a game's config it cannot read, saying why", () => {
    const botGame: WorkerGame = {
      module: 'm',
      weightNames: () => ({ ok: false, error: 'not a bot tuning config: field limits: required' }),
      runsProgram: true,
      program: { command: './bot', argv: ['./bot'], fingerprint: 'f00d' },
    };
    const read = readJobFor(
      { ...job, game: 'samegame-bot', config: {}, fingerprint: 'f00d' },
      { ...worker, games: { 'samegame-bot': botGame } },
    );
    expect(read).toEqual({
      ok: false,
      error: 'not a tilefall evaluation job: field config: not a bot tuning config: field limits: required',
    });
  });

  it('should run a job with one field made hostile only when it is still sound, and otherwise refuse it in one line', () => {
    const keys = Object.keys(job) as (keyof typeof job)[];
    fc.assert(
      fc.property(
        fc.constantFrom(...keys).chain((key) => spoiled(job, key)),
        fc.boolean(),
        (data, throughJson) => {
          // A job reaches a worker through Redis as JSON; one written by hand may hold anything.
          let sent: unknown = data;
          try {
            sent = throughJson ? JSON.parse(JSON.stringify(data)) : data;
          } catch {
            // A value JSON cannot carry (a bigint) stays as it is.
          }
          const read = readJobFor(sent, worker);
          if (!read.ok) {
            expect(read.error).toMatch(/^(not a tilefall evaluation job: field |worker w1 runs tilefall )/);
            expect(read.error).not.toContain('\n');
            return;
          }
          expect(Object.keys(read.value.weights).sort()).toEqual([...names]);
          for (const weight of Object.values(read.value.weights)) expect(Number.isFinite(weight)).toBe(true);
          expect(Number.isInteger(read.value.data.nodes)).toBe(true);
          expect(read.value.data.nodes).toBeGreaterThanOrEqual(1);
          expect(read.value.data.nodes).toBeLessThanOrEqual(BUDGET_LIMITS.nodes);
          expect(read.value.data.items.length).toBeGreaterThan(0);
          expect(read.value.game).toBe(solverGame);
        },
      ),
    );
  });

  it('should refuse anything at all that is not a job, in one line', () => {
    fc.assert(
      fc.property(hostileValue, (data) => {
        const read = readJobFor(data, worker);
        expect(read.ok).toBe(false);
        if (!read.ok) expect(read.error).not.toContain('\n');
      }),
    );
  });
});

describe('programForJob', () => {
  const job: EvaluationJob = {
    format: 'tilefall-evaluation',
    version: '1.2.3',
    game: 'samegame-bot',
    run: 'r',
    weights: { a: 1 },
    nodes: 1,
    items: [{ instance: 'x', seed: 1 }],
    config: { game: 'samegame' },
    fingerprint: 'f00d',
  };
  const program = { command: './bot', argv: ['./bot'], fingerprint: 'f00d' };
  const botGame: WorkerGame = {
    module: 'm',
    weightNames: () => ok(['a']),
    runsProgram: true,
    programOption: '--bot "CMD"',
    program,
  };

  it("should run a program game's job with the worker's own program when the fingerprints match", () => {
    expect(programForJob(job, botGame, 'w1')).toEqual({ ok: true, value: program });
  });

  it('should need no program for a game that runs none', () => {
    expect(programForJob({ ...job, game: 'samegame' }, solverGame, 'w1')).toEqual({ ok: true, value: undefined });
  });

  it('should refuse a job made for another fingerprint, a worker given no program, and a job without a fingerprint', () => {
    expect(programForJob({ ...job, fingerprint: 'beef' }, botGame, 'w1')).toEqual({
      ok: false,
      error:
        'worker w1 runs a program of fingerprint f00d but the job was made for beef: start every worker with the coordinator\'s --bot "CMD" and version, and the same program file',
    });
    const { program: _none, ...withoutProgram } = botGame;
    const refused = programForJob(job, withoutProgram, 'w1');
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.error).toMatch(/^worker w1 was started without --bot "CMD", so it cannot run samegame-bot jobs/);
    const { fingerprint: _f, ...unsigned } = job;
    expect(programForJob(unsigned, botGame, 'w1').ok).toBe(false);
  });

  it("should name the coordinator's --bot, and the worker's own option when it is another (--solver)", () => {
    const columnsGame: WorkerGame = { ...botGame, programOption: '--solver "CMD"', coordinatorOption: '--bot "CMD"' };
    expect(programForJob({ ...job, game: 'columns-bot', fingerprint: 'beef' }, columnsGame, 'w1')).toEqual({
      ok: false,
      error:
        'worker w1 runs a program of fingerprint f00d but the job was made for beef: start every worker with the coordinator\'s --bot "CMD" and version (as its --solver "CMD"), and the same program file',
    });
  });
});

describe('jobId', () => {
  const job: EvaluationJob = {
    format: 'tilefall-evaluation',
    version: '1.2.3',
    game: 'samegame',
    run: 'aaaaaaaaaaaa',
    weights: { a: 1, b: 2 },
    nodes: 1000,
    items: [{ instance: 'x', seed: 1 }],
  };
  const runId = fc.stringMatching(/^[0-9a-f]{12}$/);

  it("should never give two runs the same id for one job, and give a run's id the same content hash", () => {
    fc.assert(
      fc.property(runId, runId, (a, b) => {
        const [ofA, ofB] = [jobId({ ...job, run: a }), jobId({ ...job, run: b })];
        expect(ofA === ofB).toBe(a === b);
        expect(runOfJobId(ofA)).toBe(a);
        // What --reuse looks up: run b's job of the same content.
        expect(jobId({ ...job, run: a }, b)).toBe(ofB);
      }),
    );
  });

  it('should give jobs that ask for anything else different ids within a run', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 10 ** 6 }), (seed, nodes) => {
        const other = { ...job, nodes, items: [{ instance: 'x', seed }] };
        expect(jobId(other) === jobId(job)).toBe(nodes === job.nodes && seed === job.items[0].seed);
      }),
    );
  });
});
