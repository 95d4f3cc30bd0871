import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSolveState, type SolveState, stateData } from '../../../lib/samegame/search/solve-state.js';
import { solve } from '../../../lib/samegame/search/solver.js';
import { DEFAULT_WEIGHTS } from '../../../lib/samegame/search/weights.js';
import { fickle } from '../../support/fickle.js';
import { hostileValue } from '../../support/hostile-values.js';
import { generated } from '../boards.js';

const [board, other] = generated({ count: 2, seed: 31 });
const states: SolveState[] = [];
solve(board, { budget: { nodes: 300_000 }, seed: 3, onCheckpoint: (state) => states.push(state) });
const options = { seed: 3, budget: { nodes: 300_000 }, weights: DEFAULT_WEIGHTS };
/** A state as it comes back from its file. */
const saved = (state: SolveState): unknown => JSON.parse(JSON.stringify(state));

describe('parseSolveState', () => {
  it('should take back every state a solve saved, the last one done', () => {
    expect(states.length).toBeGreaterThan(1);
    expect(stateData(states[states.length - 1]).passes.done).toBe(true);
    for (const state of states)
      expect(parseSolveState(saved(state), board, options)).toEqual({ ok: true, value: state });
  });

  it('should refuse what is not a state, naming the format', () => {
    const last = saved(states[0]) as Record<string, unknown>;
    for (const json of [
      null,
      [],
      'x',
      { ...last, format: 'other' },
      { ...last, passes: { ...stateData(states[0]).passes, best: 3 } },
    ])
      expect(parseSolveState(json, board, options)).toMatchObject({ ok: false, error: { code: 'not-a-state' } });
  });

  it('should refuse the state of another board, seed, node budget or weights, saying which', () => {
    const state = saved(states[0]);
    const refused = (changes: object) => parseSolveState(state, board, { ...options, ...changes });
    expect(parseSolveState(state, other, options)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/another board/) },
    });
    expect(refused({ seed: 4 })).toMatchObject({ ok: false, error: { message: 'its seed is 3' } });
    expect(refused({ budget: { nodes: 1 } })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/node budget is 300000/) },
    });
    expect(refused({ weights: { ...DEFAULT_WEIGHTS, rolloutFactor: 9 } })).toMatchObject({
      ok: false,
      error: { message: 'its weight rolloutFactor differs' },
    });
    // A time budget is not compared: a resumed solve has what is left of it.
    expect(refused({ budget: { nodes: 300_000, timeMs: 5 } }).ok).toBe(true);
  });
});

describe('parseSolveState of a hand-made state', () => {
  const data = stateData(states[0]);
  const edited = (changes: object, passes: object = {}) => ({
    ...(saved(states[0]) as object),
    ...changes,
    passes: { ...data.passes, ...passes },
  });

  it('should refuse a state whose lines are not legal on the board, or whose numbers the search cannot take', () => {
    const best = data.passes.best;
    for (const json of [
      edited({}, { best: { ...best, score: best.score + 1 } }),
      edited({}, { best: { ...best, moves: [...best.moves, 0] } }),
      edited({}, { candidates: [{ score: 0, moves: [-1] }] }),
      edited({ start: { score: 0, moves: [1.5] } }),
      edited({}, { width: 0 }),
      edited({}, { width: 2 ** 21 }),
      edited({}, { noiseScale: Number.NaN }),
      edited({ random: [1, 2, 3] }),
      edited({ searchNodes: -1 }),
      edited({ elapsedMs: Number.POSITIVE_INFINITY }),
    ])
      expect(parseSolveState(json, board, options)).toMatchObject({ ok: false, error: { code: 'not-a-state' } });
  });

  it('should refuse a board that is not one and options solve would refuse, naming the field', () => {
    const json = saved(states[0]);
    expect(parseSolveState(json, { ...board, cells: [] }, options)).toMatchObject({
      ok: false,
      error: { code: 'invalid-board', field: 'board.cells' },
    });
    expect(parseSolveState(json, board, { ...options, budget: {} } as never)).toMatchObject({
      ok: false,
      error: { code: 'invalid-budget' },
    });
    expect(parseSolveState(json, board, { ...options, seed: Number.NaN })).toMatchObject({
      ok: false,
      error: { code: 'invalid-option', field: 'options.seed' },
    });
    expect(
      parseSolveState(json, board, { ...options, weights: { ...DEFAULT_WEIGHTS, regions: Number.NaN } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid-weights', field: 'options.weights.regions' },
    });
  });

  it('should refuse a hand-made state given to solve as resume, where it is checked as parseSolveState checks it', () => {
    const resume = edited({}, { width: 0 }) as unknown as SolveState;
    expect(solve(board, { ...options, resume })).toMatchObject({
      ok: false,
      error: { code: 'invalid-option', field: 'options.resume' },
    });
  });
});

describe('SolveState', () => {
  it("should take SolveOptions' defaults for a seed and weights left out, as solve does", () => {
    const defaults: SolveState[] = [];
    solve(board, { budget: { nodes: 100_000 }, onCheckpoint: (state) => defaults.push(state) });
    expect(parseSolveState(saved(defaults[0]), board, { budget: { nodes: 100_000 } }).ok).toBe(true);
    expect(parseSolveState(saved(defaults[0]), board, { budget: { nodes: 100_000 }, seed: 2 }).ok).toBe(false);
  });
});

describe('a state to resume whose fields change after they are read', () => {
  it('should be resumed as the state it was when checked (issue 81: a budget read as undefined threw a TypeError)', () => {
    const expected = solve(board, { ...options, resume: states[0] });
    expect(expected.ok).toBe(true);
    const state = states[0] as unknown as Record<string, unknown>;
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(state)), hostileValue, (key, later) => {
        const resume = fickle(state, key, later) as unknown as SolveState;
        expect(solve(board, { ...options, resume })).toEqual(expected);
      }),
      { numRuns: 30 },
    );
  });
});
