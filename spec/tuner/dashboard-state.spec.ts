// The live view's state: built from a checkpoint (a fixture written as `tune` writes them) and
// from a running tune's events, so the page shows exactly the run's own records.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkpointSpec } from '../../lib/cli/dashboard-command.js';
import { tuningGame as samegame } from '../../lib/samegame/search/tuning.js';
import { CHECKPOINT_FORMAT } from '../../tuner/checkpoint.js';
import { createDashboardRecorder, type RecordedResult } from '../../tuner/dashboard-recorder.js';
import {
  type DashboardRun,
  type DashboardState,
  dashboardStateFromCheckpoint,
  dashboardStateOf,
} from '../../tuner/dashboard-state.js';
import { defaultGaSettings, type GenerationRecord } from '../../tuner/ga.js';
import { createProgress, type TuneProgress } from '../../tuner/progress.js';
import { runTune, toyOptions } from '../support/toy-tune.js';

/** A bot run's checkpoint after two of its five generations, the second with a failed game. */
const BOT_CHECKPOINT = {
  format: CHECKPOINT_FORMAT,
  version: 1,
  run: {
    game: 'samegame-bot',
    population: 4,
    generations: 5,
    seed: 3,
    nodes: 20_000,
    train: '3:9a8b7c6d',
    start: [5, 0.25],
    config: {
      game: 'samegame',
      parameters: [
        { name: 'depth', min: 1, max: 9, start: 5, integer: true },
        { name: 'greed <b>', min: 0, max: 1, start: 0.25 },
      ],
      limits: { firstTurnMs: 1000, turnMs: 50 },
    },
    optimizer: 'cmaes',
  },
  state: {
    optimizer: 'cmaes',
    generation: 2,
    population: [],
    strategy: {},
    randomState: [1, 2],
    history: [
      { generation: 0, best: 120, mean: 80.5, bestGenome: [6, 0.5], sigma: 0.3, games: 12 },
      {
        generation: 1,
        best: 150,
        mean: 90,
        bestGenome: [7, 0.75],
        sigma: 0.25,
        failures: [
          {
            genome: [2, 0.1],
            games: 3,
            failed: { crash: 2 },
            first: { kind: 'crash', detail: 'exit code 1: Traceback <module>' },
          },
        ],
        games: 9,
        gamesSaved: 3,
      },
    ],
  },
};

const fromCheckpoint = (checkpoint: unknown) =>
  dashboardStateFromCheckpoint(JSON.stringify(checkpoint), 'run.ckpt', checkpointSpec);

describe('the dashboard state of a checkpoint', () => {
  it("should draw the start's line from the score the run's first record keeps, and none without it", () => {
    const [first, ...rest] = BOT_CHECKPOINT.state.history;
    const scored = { ...first, start: { score: 70.25, games: 3 } };
    const withStart = { ...BOT_CHECKPOINT, state: { ...BOT_CHECKPOINT.state, history: [scored, ...rest] } };
    const state = fromCheckpoint(withStart);
    expect(state.ok && state.value.start).toEqual({ fitness: 70.25, where: 'generation 1' });
    // The start's 3 games count with the generations' 12 + 9, as the progress line counts them.
    expect(state.ok && state.value.games.played).toBe(24);
    const without = fromCheckpoint(BOT_CHECKPOINT);
    expect(without.ok && without.value.start).toEqual({ fitness: null, where: null });
  });

  it('should number generations from 1 and carry each best genome, games and racing savings', () => {
    const state = fromCheckpoint(BOT_CHECKPOINT);
    expect(state.ok && state.value.generations).toEqual([
      { generation: 1, best: 120, mean: 80.5, games: 12, gamesSaved: 0, values: [6, 0.5] },
      { generation: 2, best: 150, mean: 90, games: 9, gamesSaved: 3, values: [7, 0.75] },
    ]);
    expect(state.ok && state.value.games).toEqual({ played: 21, saved: 3 });
  });

  it("should name a program's parameters and bounds from the run's config", () => {
    const state = fromCheckpoint(BOT_CHECKPOINT);
    expect(state.ok && state.value.parameters).toEqual([
      { name: 'depth', bounds: [1, 9], start: 5 },
      { name: 'greed <b>', bounds: [0, 1], start: 0.25 },
    ]);
  });

  it("should name a solver's weights from its game", () => {
    const start = samegame.spec.names.map((_, i) => i);
    const state = fromCheckpoint({ ...BOT_CHECKPOINT, run: { ...BOT_CHECKPOINT.run, game: 'samegame', start } });
    expect(state.ok && state.value.parameters.map((p) => p.name)).toEqual(samegame.spec.names);
    expect(state.ok && state.value.parameters[3].bounds).toEqual(samegame.spec.bounds[3]);
  });

  it('should show a failure with the detail its record carries', () => {
    const state = fromCheckpoint(BOT_CHECKPOINT);
    expect(state.ok && state.value.failures).toEqual([
      { where: 'generation 2', games: 3, failed: { crash: 2 }, detail: 'exit code 1: Traceback <module>' },
    ]);
  });

  it('should say a run with generations left is still evolving, and one with none left is done', () => {
    const running = fromCheckpoint(BOT_CHECKPOINT);
    expect(running.ok && [running.value.phase, running.value.finished, running.value.planned]).toEqual([
      'generations',
      false,
      5,
    ]);
    const all = { ...BOT_CHECKPOINT, run: { ...BOT_CHECKPOINT.run, generations: 2 } };
    const done = fromCheckpoint(all);
    expect(done.ok && [done.value.phase, done.value.finished]).toEqual(['generations done', true]);
  });

  it('should count a game budget as the tuner does: done when the next generation does not fit', () => {
    // 21 games played; a generation is 4 genomes x 3 instances = 12 games.
    const budget = (games: number) => fromCheckpoint({ ...BOT_CHECKPOINT, run: { ...BOT_CHECKPOINT.run, games } });
    const fits = budget(33);
    const full = budget(32);
    expect(fits.ok && fits.value.finished).toBe(false);
    expect(full.ok && full.value.finished).toBe(true);
  });

  it('should name parameters w1, w2 … without bounds for a game it does not know', () => {
    const state = fromCheckpoint({ ...BOT_CHECKPOINT, run: { ...BOT_CHECKPOINT.run, game: 'toy' } });
    expect(state.ok && state.value.parameters).toEqual([
      { name: 'w1', bounds: null, start: 5 },
      { name: 'w2', bounds: null, start: 0.25 },
    ]);
  });

  it('should refuse a file that is not JSON, or not a checkpoint, naming the file and field', () => {
    const text = dashboardStateFromCheckpoint('{"format"', 'run.ckpt', checkpointSpec);
    expect(text.ok ? '' : text.error.message).toMatch(/^run\.ckpt: /);
    const other = fromCheckpoint({ ...BOT_CHECKPOINT, format: 'something-else' });
    expect(other.ok ? '' : other.error).toMatchObject({ code: 'invalid-checkpoint' });
    expect(other.ok ? '' : other.error.message).toMatch(/field "format"/);
    const history = fromCheckpoint({ ...BOT_CHECKPOINT, state: { history: [{ generation: 0, best: 'x' }] } });
    expect(history.ok ? '' : history.error.message).toMatch(/field "state\.history\.0\.best"/);
  });
});

const RUN: DashboardRun = {
  game: 'toy',
  optimizer: 'ga',
  planned: 3,
  parameters: [{ name: 'a', bounds: [0, 1], start: 0.5 }],
};

/** Generation `g`'s record, its best genome `[g / 10]`. */
const record = (g: number, games = 6): GenerationRecord => ({
  generation: g,
  best: 10 + g,
  mean: 5 + g,
  bestGenome: [g / 10],
  sigma: 0.1,
  games,
});

describe('the dashboard state of a running tune', () => {
  it('should count the current generation’s games as they finish', () => {
    const recorder = createDashboardRecorder(RUN);
    const progress = recorder.watch();
    expect(recorder.state().phase).toBe('starting');
    progress.startGeneration(0, 6);
    progress.evaluationDone();
    progress.evaluationDone();
    expect(recorder.state()).toMatchObject({
      phase: 'generations',
      current: { generation: 1, games: 6, done: 2 },
      games: { played: 2 },
    });
    progress.endGeneration(10, 5);
    recorder.generationDone([record(0)]);
    expect(recorder.state()).toMatchObject({ phase: 'generations', current: null, games: { played: 6 } });
    expect(recorder.state().generations.map((g) => g.generation)).toEqual([1]);
  });

  it('should tell the progress it wraps every event, in order', () => {
    const heard: string[] = [];
    const recorder = createDashboardRecorder(RUN);
    const progress = recorder.watch({
      startGeneration: (g, n) => heard.push(`start ${g} ${n}`),
      evaluationDone: () => heard.push('done'),
      endGeneration: (b, m) => heard.push(`end ${b} ${m}`),
      stop: () => heard.push('stop'),
    });
    progress.startGeneration(2, 4);
    progress.evaluationDone();
    progress.endGeneration(3, 1);
    progress.stop();
    expect(heard).toEqual(['start 2 4', 'done', 'end 3 1', 'stop']);
  });

  it('should keep every other method of the progress it wraps', () => {
    const heard: string[] = [];
    const inner = {
      startGeneration() {},
      evaluationDone() {},
      endGeneration() {},
      stop() {},
      resumedAt: (generation: number) => heard.push(`resumed at ${generation}`),
    };
    const progress = createDashboardRecorder(RUN).watch(inner) as typeof inner;
    progress.resumedAt(3);
    expect(heard).toEqual(['resumed at 3']);
  });

  it('should go from the generations to the final choice, and end finished with the start and held-out results', () => {
    const recorder = createDashboardRecorder(RUN);
    const progress = recorder.watch();
    progress.startGeneration(0, 6);
    recorder.generationDone([record(0)]);
    progress.startPhase?.('final choice', 4);
    expect(recorder.state()).toMatchObject({ phase: 'final choice and held-out check', current: null });
    for (let i = 0; i < 4; i++) progress.evaluationDone();
    progress.startPhase?.('held-out check', 8);
    progress.evaluationDone();
    // The generation's 6 games, the final choice's 4 and one held out, counted as they finish.
    expect(recorder.state()).toMatchObject({ phase: 'final choice and held-out check', games: { played: 11 } });
    progress.stop();
    const result: RecordedResult = {
      history: [record(0)],
      finalists: [
        { origin: 'best of generation 1', mean: 12 },
        { origin: 'start', mean: 9.5 },
      ],
      validation: {
        instances: 4,
        tuned: { mean: 11 },
        start: { mean: 10 },
        difference: { mean: 1, standardError: 0.5 },
      },
      failures: { records: [{ where: 'validation: tuned', genome: [0.1], games: 4, failed: { timeout: 1 } }] },
      games: { played: 30, saved: 2 },
    };
    recorder.finished(result);
    expect(recorder.state()).toMatchObject({
      phase: 'finished',
      finished: true,
      start: { fitness: 9.5, where: 'final choice' },
      validation: { instances: 4, tuned: 11, start: 10, difference: 1, standardError: 0.5 },
      failures: [{ where: 'validation: tuned', games: 4, failed: { timeout: 1 } }],
      games: { played: 30, saved: 2 },
    });
  });

  it("should say it is starting while a fresh run scores its start, and count the start's games", () => {
    const recorder = createDashboardRecorder(RUN);
    const progress = recorder.watch();
    // 2 genomes x 3 instances, and the start on the same 3 first.
    progress.plan?.({
      generations: 3,
      from: 0,
      before: { played: 0, saved: 0 },
      perGeneration: 6,
      startGames: 3,
      raced: false,
      finalGames: 4,
      validationGames: 8,
    });
    progress.startGeneration(0, 9);
    const phases = [recorder.state().phase];
    for (let i = 0; i < 9; i++) {
      progress.evaluationDone();
      phases.push(recorder.state().phase);
    }
    expect(phases).toEqual(['starting', 'starting', 'starting', ...Array(7).fill('generations')]);
    expect(recorder.state()).toMatchObject({ current: { generation: 1, games: 9, done: 9 }, games: { played: 9 } });
    progress.endGeneration(10, 5, { played: 6, saved: 0 });
    recorder.generationDone([{ ...record(0), start: { score: 4, games: 3 } }]);
    expect(recorder.state()).toMatchObject({ phase: 'generations', current: null, games: { played: 9 } });
    progress.startGeneration(1, 6);
    expect(recorder.state().phase).toBe('generations');
  });

  it('should say why a run stopped, and not call it a final choice', () => {
    const recorder = createDashboardRecorder(RUN);
    recorder.stopped('evaluation-failed: the bot crashed');
    recorder.watch().stop();
    expect(recorder.state()).toMatchObject({
      phase: 'stopped',
      finished: true,
      error: 'evaluation-failed: the bot crashed',
    });
  });

  it('should be evolving once a generation is recorded, even one no progress event announced', () => {
    const recorder = createDashboardRecorder(RUN);
    recorder.generationDone([record(0)]);
    expect(recorder.state().phase).toBe('generations');
  });

  it("should list a queue run's workers, sorted, and none for a run on this machine", () => {
    const seen = new Set(['w2', 'w1']);
    expect(createDashboardRecorder(RUN, [], () => seen).state().workers).toEqual(['w1', 'w2']);
    expect(createDashboardRecorder(RUN).state().workers).toBeNull();
  });

  it('should start a resumed run from the generations of its checkpoint', () => {
    const state = createDashboardRecorder(RUN, [record(0), record(1)]).state();
    expect(state.phase).toBe('generations');
    expect(state.generations.map((g) => g.generation)).toEqual([1, 2]);
    expect(state.games.played).toBe(12);
  });

  it('should always show every record once, in order, and total their games and failures', () => {
    const history = fc.array(
      fc.record({
        best: fc.integer(),
        mean: fc.integer(),
        games: fc.nat(1000),
        saved: fc.nat(1000),
        failed: fc.nat(3),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(history, (drawn) => {
        const records: GenerationRecord[] = drawn.map((d, g) => ({
          generation: g,
          best: d.best,
          mean: d.mean,
          bestGenome: [g],
          sigma: 1,
          games: d.games,
          gamesSaved: d.saved,
          ...(d.failed === 0
            ? {}
            : { failures: Array.from({ length: d.failed }, () => ({ genome: [g], games: 1, failed: { crash: 1 } })) }),
        }));
        const state = dashboardStateOf(RUN, records);
        expect(state.generations.map((g) => [g.generation, g.best, g.mean])).toEqual(
          drawn.map((d, g) => [g + 1, d.best, d.mean]),
        );
        expect(state.games.played).toBe(drawn.reduce((n, d) => n + d.games, 0));
        expect(state.games.saved).toBe(drawn.reduce((n, d) => n + d.saved, 0));
        expect(state.failures).toHaveLength(drawn.reduce((n, d) => n + d.failed, 0));
        // The page reads it as JSON: nothing in it is lost on the way.
        expect(JSON.parse(JSON.stringify(state))).toEqual(state);
      }),
    );
  });
});

describe('the dashboard state through a real tune', () => {
  /** A snapshot of the state after one of the run's progress events. */
  interface Seen {
    readonly event: string;
    readonly args: readonly unknown[];
    readonly state: DashboardState;
    /** The progress line's `games N` of the line the event wrote, if it wrote one. */
    readonly lineGames: number | undefined;
  }

  it('should follow the run: the start, the generations, the final choice and held-out check, then finished', async () => {
    const lines: string[] = [];
    const line = createProgress({ write: (text: string) => lines.push(text) }, 2);
    if (!line.ok) throw new Error(line.error.message);
    const recorder = createDashboardRecorder(RUN);
    const watched = recorder.watch(line.value) as unknown as Record<string, (...args: unknown[]) => void>;
    const seen: Seen[] = [];
    const events = ['plan', 'startGeneration', 'evaluationDone', 'endGeneration', 'startPhase', 'stop', 'gameFailed'];
    const progress = Object.fromEntries(
      events.map((event) => [
        event,
        (...args: unknown[]) => {
          const before = lines.length;
          watched[event]?.(...args);
          const written = lines
            .slice(before)
            .join('')
            .match(/games (\d+)/)?.[1];
          seen.push({
            event,
            args,
            state: recorder.state(),
            lineGames: written === undefined ? undefined : Number(written),
          });
        },
      ]),
    ) as unknown as TuneProgress;
    const options = toyOptions(1, {
      settings: defaultGaSettings(4, 2, 5),
      progress,
      afterGeneration: (_generation, history) => recorder.generationDone(history),
    });
    const result = await runTune(options);
    recorder.finished(result);

    // Each phase once, in the run's order.
    const phases = seen.map((s) => s.state.phase).filter((p, i, all) => i === 0 || all[i - 1] !== p);
    expect([...phases, recorder.state().phase]).toEqual([
      'starting',
      'generations',
      'final choice and held-out check',
      'finished',
    ]);
    // The start is scored on generation 1's three training instances, before its genomes.
    const done = seen.filter((s) => s.event === 'evaluationDone');
    expect(done.filter((s) => s.state.phase === 'starting')).toHaveLength(options.train.length - 1);
    // The final choice begins at the event that says so, right after the last generation.
    const final = seen.findIndex((s) => s.event === 'startPhase' && s.args[0] === 'final choice');
    expect(seen[final - 1].event).toBe('endGeneration');
    expect(seen.slice(final).every((s) => s.state.phase === 'final choice and held-out check')).toBe(true);
    expect(seen.slice(0, final).some((s) => s.state.phase === 'final choice and held-out check')).toBe(false);
    // Every game is counted as it finishes, the start's too.
    expect(done.map((s) => s.state.games.played)).toEqual(done.map((_, i) => i + 1));
    // What the progress line says at each generation's end, the view says too.
    const ends = seen.filter((s) => s.event === 'endGeneration');
    expect(ends.map((s) => s.state.games.played)).toEqual(ends.map((s) => s.lineGames));
    expect(recorder.state()).toMatchObject({
      finished: true,
      current: null,
      games: { played: done.length },
      validation: { instances: options.validate.length, difference: result.validation.difference.mean },
    });
    expect(result.games.played).toBe(done.length);
  });
});
