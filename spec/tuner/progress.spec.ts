import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultGaSettings } from '../../tuner/ga.js';
import type { TaskRunner } from '../../tuner/pool.js';
import { createProgress, formatDuration, progressBar, type RunPlan, type TuneProgress } from '../../tuner/progress.js';
import { DEFAULT_FINAL_CHOICE, tune } from '../../tuner/tune.js';
import { expectSoundResult, hostileValue } from '../support/hostile-values.js';
import { runTune, specRunner, toyOptions } from '../support/toy-tune.js';

/** A stream that keeps what is written, as a terminal (`isTTY`) or a pipe. */
function capture(isTTY: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  (stream as { isTTY: boolean }).isTTY = isTTY;
  return { stream, text: () => text };
}

/** The display of `createProgress`, failing the spec on a refusal. */
function display(...args: Parameters<typeof createProgress>): TuneProgress {
  const progress = createProgress(...args);
  if (!progress.ok) throw new Error(progress.error.message);
  return progress.value;
}

describe('progressBar', () => {
  it('should always be as wide as asked, filled in proportion to what is done', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.nat(600),
        fc.integer({ min: 1, max: 80 }),
        (total, done, width) => {
          const bar = progressBar(done, total, width);
          expect([...bar]).toHaveLength(width);
          const filled = [...bar].filter((c) => c === '█').length;
          expect(filled).toBe(Math.round((Math.min(done, total) / total) * width));
        },
      ),
    );
  });

  it('should be empty at the start and full at the end', () => {
    expect(progressBar(0, 10, 4)).toBe('░░░░');
    expect(progressBar(10, 10, 4)).toBe('████');
  });
});

describe('createProgress', () => {
  it.each([
    [false, 'a pipe'],
    [true, 'a terminal'],
  ])('should show the latest failed game, its kind and a short detail, on %s', (isTTY) => {
    const { stream, text } = capture(isTTY);
    const progress = display(stream, 2);
    progress.startGeneration(0, 2);
    progress.gameFailed?.({ kind: 'timeout', detail: 'turn 1: no answer within 50 ms' });
    progress.gameFailed?.({ kind: 'crash', detail: `exit code 3; stderr: ${'x'.repeat(200)}` });
    progress.evaluationDone();
    progress.endGeneration(1, 1);
    progress.stop();
    const lines = text()
      .split('\n')
      .flatMap((l) => l.split('\r\x1b[2K'));
    const last = lines.filter((l) => l !== '').at(-1) ?? '';
    expect(last).toMatch(/ \| last failure: crash \(exit code 3; stderr: x+…$/);
    expect(last).not.toMatch(/timeout/);
    expect(last.length).toBeLessThan(200);
  });

  it("should end a terminal's bar before a line of the caller's, and draw the bar again below it", () => {
    const { stream, text } = capture(true);
    const progress = display(stream, 2, () => 'workers seen 2');
    progress.startGeneration(0, 4);
    progress.evaluationDone();
    progress.line?.("tilefall: waiting for a lost worker's lock, ~24s");
    progress.evaluationDone();
    progress.endGeneration(1, 1);
    progress.stop();
    const written = text();
    // Never written onto the bar: the line starts where the bar's line was cleared.
    expect(written).not.toMatch(/workers seen 2tilefall/);
    expect(written).toContain("\r\x1b[2Ktilefall: waiting for a lost worker's lock, ~24s\n\r\x1b[2Kgeneration 1/2 [");
    // What a terminal shows in the end: the message on a line of its own, the bar on the next.
    const shown = written.split('\n').map((l) => l.split('\r\x1b[2K').at(-1));
    expect(shown[0]).toBe("tilefall: waiting for a lost worker's lock, ~24s");
    expect(shown[1]).toMatch(/^generation 1\/2 \[.*\] 2\/2 evaluations .*workers seen 2$/);
  });

  it("should write a line of the caller's as it is to a pipe, and before a bar is drawn", () => {
    for (const isTTY of [false, true]) {
      const { stream, text } = capture(isTTY);
      const progress = display(stream, 2);
      progress.line?.('tilefall: hello');
      expect(text()).toBe('tilefall: hello\n');
    }
  });

  it('should write one plain line per generation to a pipe, with its best and mean', () => {
    const { stream, text } = capture(false);
    const progress = display(stream, 2, () => 'jobs 3');
    progress.startGeneration(0, 4);
    progress.evaluationDone();
    progress.endGeneration(12.25, 8);
    progress.stop();
    expect(text()).toMatch(/^generation 1\/2: best 12\.3, mean 8\.0, \d+%, ETA \d+s \| jobs 3\n$/);
  });

  it('should redraw one line per generation on a terminal and end it when the generation ends', () => {
    const { stream, text } = capture(true);
    const progress = display(stream, 3);
    progress.startGeneration(1, 2);
    progress.evaluationDone();
    progress.evaluationDone();
    progress.endGeneration(5, 4);
    const lines = text().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('');
    const draws = lines[0].split('\r\x1b[2K').filter((d) => d !== '');
    expect(draws).toHaveLength(4);
    expect(draws[2]).toContain('2/2 evaluations');
    expect(draws[3]).toMatch(/^generation 2\/3 \[█+\] 2\/2 evaluations \| best 5\.0 \| mean 4\.0/);
  });
});

describe('createProgress with values it cannot use', () => {
  it('should refuse a stream without write, a count that is not a whole number from 0, a detail that is no function', () => {
    const { stream } = capture(false);
    expect(createProgress({} as NodeJS.WriteStream, 2)).toMatchObject({ ok: false, error: { field: 'stream' } });
    expect(createProgress(stream, Number.NaN)).toMatchObject({ ok: false, error: { field: 'generations' } });
    expect(createProgress(stream, 2, 'jobs' as unknown as () => string)).toMatchObject({
      ok: false,
      error: { field: 'detail' },
    });
  });

  it('should answer any value of any argument with a display or a refusal, never a throw', () => {
    const { stream } = capture(false);
    fc.assert(
      fc.property(
        fc.oneof(fc.constant(stream), hostileValue),
        fc.oneof(fc.nat(), hostileValue),
        fc.oneof(fc.constant(undefined), hostileValue),
        (out, generations, detail) =>
          expectSoundResult(createProgress(out as NodeJS.WriteStream, generations as number, detail as () => string)),
      ),
    );
  });
});

describe('createProgress over a whole run', () => {
  // The clock moves only when a spec says so: a second a game.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const games = (progress: TuneProgress, count: number) => {
    for (let i = 0; i < count; i++) {
      vi.setSystemTime(Date.now() + 1000);
      progress.evaluationDone();
    }
  };
  const plan: RunPlan = {
    generations: 2,
    from: 0,
    before: { played: 0, saved: 0 },
    perGeneration: 4,
    startGames: 0,
    raced: false,
    finalGames: 6,
    validationGames: 4,
  };

  it('should count the final choice and the held-out check in its ETA, and say 100% only at the end', () => {
    const { stream, text } = capture(false);
    const progress = display(stream, 2);
    progress.plan?.(plan);
    for (const g of [0, 1]) {
      progress.startGeneration(g, 4);
      games(progress, 4);
      progress.endGeneration(2, 1, { played: 4, saved: 0 });
    }
    progress.startPhase?.('final choice', 6);
    games(progress, 6);
    progress.startPhase?.('held-out check', 4);
    games(progress, 4);
    progress.stop();
    // 18 games at a second each: 4 + 4 generation games, 6 of the final choice, 4 held out.
    expect(text().split('\n')).toEqual([
      'generation 1/2: best 2.0, mean 1.0, games 4, 22%, ETA 14s',
      'generation 2/2: best 2.0, mean 1.0, games 8, 44%, ETA 10s',
      'final choice: 6 games, 44%, ETA 10s',
      'held-out check: 4 games, 77%, ETA 4s',
      'run done: games 18, 100%, elapsed 18s',
      '',
    ]);
  });

  it('should say where a resumed run starts and count the games before it in its totals', () => {
    const { stream, text } = capture(false);
    const progress = display(stream, 2);
    progress.plan?.({ ...plan, from: 1, before: { played: 4, saved: 0 } });
    progress.startGeneration(1, 4);
    games(progress, 4);
    progress.endGeneration(2, 1, { played: 4, saved: 0 });
    progress.startPhase?.('final choice', 6);
    games(progress, 6);
    progress.startPhase?.('held-out check', 4);
    games(progress, 4);
    progress.stop();
    const lines = text().split('\n');
    expect(lines[0]).toBe('resumed at generation 2/2: games 4 played before it');
    // The rate is this process's own (a second a game): 10 games left of 14 after the generation.
    expect(lines[1]).toBe('generation 2/2: best 2.0, mean 1.0, games 8, 44%, ETA 10s');
    expect(lines.at(-2)).toBe('run done: games 18, 100%, elapsed 14s');
  });

  it('should draw the phases on a terminal, and never 100% before the last game', () => {
    const { stream, text } = capture(true);
    const progress = display(stream, 2);
    progress.plan?.(plan);
    for (const g of [0, 1]) {
      progress.startGeneration(g, 4);
      games(progress, 4);
      progress.endGeneration(2, 1, { played: 4, saved: 0 });
    }
    progress.startPhase?.('final choice', 6);
    games(progress, 6);
    progress.startPhase?.('held-out check', 4);
    games(progress, 4);
    progress.stop();
    const draws = text()
      .replaceAll('\r\x1b[2K', '\n')
      .split('\n')
      .filter((d) => d !== '');
    const shares = draws.map((d) => Number(/(\d+)%/.exec(d)?.[1]));
    expect(shares.slice(0, -2).every((p) => p < 100)).toBe(true);
    expect(draws).toContain('final choice [░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░] 0/6 games | games 8 | 44%, ETA 10s');
    expect(draws).toContain('held-out check [██████████████████████████████] 4/4 games | games 18 | 100%, ETA 0s');
    expect(draws.at(-1)).toBe('run done: games 18, 100%, elapsed 18s');
  });

  it('should mark the ETA as a bound while racing may save games, and name no count a raced budget cannot fix', () => {
    const { stream, text } = capture(false);
    const progress = display(stream, 2);
    progress.plan?.({ ...plan, raced: true, budget: 8 });
    progress.startGeneration(0, 4);
    games(progress, 3);
    progress.endGeneration(2, 1, { played: 3, saved: 1 });
    // 3 played, at most 4 more (one generation left, within the budget's 5), then 6 and 4: 17 at most.
    expect(text()).toBe('generation 1: best 2.0, mean 1.0, games 3 (racing saved 1), 17%, ETA ≤14s\n');
  });

  it('should never reach 100% before the last game of a plan, whatever the plan', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 20 }),
        fc.nat(30),
        fc.integer({ min: 1, max: 40 }),
        (generations, perGeneration, finalGames, validationGames) => {
          vi.setSystemTime(0);
          const { stream, text } = capture(false);
          const progress = display(stream, generations);
          progress.plan?.({ ...plan, generations, perGeneration, finalGames, validationGames });
          for (let g = 0; g < generations; g++) {
            progress.startGeneration(g, perGeneration);
            games(progress, perGeneration);
            progress.endGeneration(1, 1, { played: perGeneration, saved: 0 });
          }
          progress.startPhase?.('final choice', finalGames);
          games(progress, finalGames);
          progress.startPhase?.('held-out check', validationGames);
          games(progress, validationGames - 1);
          expect(text()).not.toContain('100%');
          games(progress, 1);
          progress.stop();
          const total = generations * perGeneration + finalGames + validationGames;
          expect(text().split('\n').at(-2)).toBe(
            `run done: games ${total}, 100%, elapsed ${formatDuration(total * 1000)}`,
          );
        },
      ),
    );
  });
});

describe('formatDuration', () => {
  it('should say seconds, then minutes and seconds, then hours and minutes', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(119_400)).toBe('119s');
    expect(formatDuration(125_000)).toBe('2m05s');
    expect(formatDuration(7_260_000)).toBe('2h01m');
  });
});

describe('the progress of a whole tuning run', () => {
  let tmp: string;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
    tmp = mkdtempSync(join(tmpdir(), 'tilefall-progress-'));
  });
  afterEach(() => {
    vi.useRealTimers();
    rmSync(tmp, { recursive: true, force: true });
  });

  /** The toy's runner in this thread, each game taking a second of the fake clock. */
  const clockedRunner = (): TaskRunner => {
    const inner = specRunner(0);
    return {
      run: (tasks, onDone) =>
        inner.run(tasks, () => {
          vi.setSystemTime(Date.now() + 1000);
          onDone?.();
        }),
      close: inner.close,
    };
  };
  /** 4 genomes, 3 generations, 3 training and 4 held-out instances, with a display on a pipe. */
  const small = (extra: Parameters<typeof toyOptions>[1] = {}) => {
    const out = capture(false);
    const options = toyOptions(0, {
      runner: clockedRunner(),
      settings: defaultGaSettings(4, 3, 5),
      progress: display(out.stream, 3),
      ...extra,
    });
    return { options, text: out.text };
  };
  const etaSeconds = (line: string) => {
    const [, minutes, seconds] = /ETA (?:(\d+)m)?(\d+)s/.exec(line) ?? [];
    return Number(minutes ?? 0) * 60 + Number(seconds);
  };

  it('should reach 100% only at its end, its ETA counting the final choice and the held-out check', async () => {
    const { options, text } = small();
    const result = await runTune(options);
    const lines = text().split('\n').slice(0, -1);
    expect(lines.map((l) => l.split(':')[0])).toEqual([
      'generation 1/3',
      'generation 2/3',
      'generation 3/3',
      'final choice',
      'held-out check',
      'run done',
    ]);
    for (const line of lines.slice(0, -1)) expect(Number(/(\d+)%/.exec(line)?.[1])).toBeLessThan(100);
    // A game a second: after the generations, the final choice's most games and both held-out sides' are left.
    const finalMost = DEFAULT_FINAL_CHOICE.candidates * DEFAULT_FINAL_CHOICE.repeats * 3;
    expect(etaSeconds(lines[2])).toBe(finalMost + 2 * 4);
    const finalGames = result.finalists.length * DEFAULT_FINAL_CHOICE.repeats * 3;
    expect(lines[3]).toMatch(new RegExp(`^final choice: ${finalGames} games, \\d+%, ETA `));
    expect(etaSeconds(lines[3])).toBe(finalGames + 8);
    expect(lines[4]).toMatch(/^held-out check: 8 games, \d+%, ETA 8s$/);
    expect(lines[5]).toMatch(new RegExp(`^run done: games ${result.games.played}, 100%, elapsed `));
  });

  it('should refuse a display whose plan or startPhase is given but is no function, before any game', async () => {
    for (const name of ['plan', 'startPhase']) {
      const { options } = small();
      const refused = await tune({ ...options, progress: { ...(options.progress as TuneProgress), [name]: 3 } });
      await options.runner.close();
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'invalid-option', field: `options.progress.${name}` },
      });
    }
  });

  it('should say where a resumed run starts and count the games before it in its totals', async () => {
    const whole = small();
    const uninterrupted = await runTune(whole.options);
    const checkpoint = join(tmp, 'run.ckpt');
    const first = small({
      checkpoint: { file: checkpoint, resume: false },
      afterGeneration: (finished) => {
        if (finished === 2) throw new Error('interrupted');
      },
    });
    await expect(runTune(first.options)).rejects.toThrow('interrupted');
    const resumed = small({ checkpoint: { file: checkpoint, resume: true } });
    const result = await runTune(resumed.options);
    expect(result).toEqual(uninterrupted);
    const lines = resumed.text().split('\n');
    // The start on 3 instances, then 2 generations of 4 genomes on 3.
    expect(lines[0]).toBe(`resumed at generation 3/3: games ${3 + 2 * 4 * 3} played before it`);
    expect(lines[1]).toMatch(new RegExp(`^generation 3/3: .*, games ${3 + 3 * 4 * 3}, `));
    expect(lines.at(-2)).toMatch(new RegExp(`^run done: games ${uninterrupted.games.played}, 100%`));
  });
});
