// What a tuning worker accepts of a job it reads from the queue: a job of its own version and
// shape, and a program game's job only for the program it was started with.
import { describe, expect, it } from 'vitest';
import { type EvaluationJob, programForJob, readJob } from '../../tuner/queue.js';

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
    ['items.1.seed', { ...job, items: [job.items[0], { instance: 'y', seed: 1.5 }] }],
    ['format', { ...job, format: 'something else' }],
    ['(the job itself)', 'a string'],
  ])('should name the bad field %s of a job of its own version', (field, data) => {
    const read = readJob(data, worker);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.startsWith(`not a tilefall evaluation job: field ${field}: `)).toBe(true);
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
  const botGame = { module: 'm', runsProgram: true, programOption: '--bot "CMD"', program };

  it("should run a program game's job with the worker's own program when the fingerprints match", () => {
    expect(programForJob(job, botGame, 'w1')).toEqual({ ok: true, value: program });
  });

  it('should need no program for a game that runs none', () => {
    expect(programForJob({ ...job, game: 'samegame' }, { module: 'm' }, 'w1')).toEqual({ ok: true, value: undefined });
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
});
