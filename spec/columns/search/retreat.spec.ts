import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Kernel } from '../../../lib/columns/search/kernel.js';
import { REPLAY_MARGIN, Retreat, SAVE_EVERY, SAVES_KEPT, type SavedBeam } from '../../../lib/columns/search/retreat.js';
import { solve, solveWith } from '../../../lib/columns/search/solver.js';
import { generated, instanceArb } from '../arbitraries.js';

/** A stand-in beam that records what the retreat asks of it. */
function recordingBeam() {
  const restored: number[] = [];
  return {
    restored,
    save: (column: number): SavedBeam => ({
      column,
      fields: [new Kernel(3, 6)],
      potentials: new Float64Array(1),
      depth: column,
    }),
    restore: (saved: SavedBeam) => {
      restored.push(saved.column);
    },
  };
}

describe('Retreat', () => {
  it('should go back to the older of its last two saves and replay storing nothing a little past the death', () => {
    const retreat = new Retreat();
    const beam = recordingBeam();
    const death = 2 * SAVE_EVERY + 40;
    for (let i = 0; i <= death; i++) retreat.pass(i, beam);
    expect(retreat.storesNothing(death)).toBe(false);
    expect(retreat.goBack(death, beam)).toBe(SAVE_EVERY);
    expect(beam.restored).toEqual([SAVE_EVERY]);
    expect(retreat.storesNothing(SAVE_EVERY)).toBe(true);
    expect(retreat.storesNothing(death + REPLAY_MARGIN)).toBe(true);
    expect(retreat.storesNothing(death + REPLAY_MARGIN + 1)).toBe(false);
  });

  it('should go further back when the replay dies too, and give up when no save is left', () => {
    const retreat = new Retreat();
    const beam = recordingBeam();
    const death = 2 * SAVE_EVERY + 40;
    for (let i = 0; i <= death; i++) retreat.pass(i, beam);
    expect(retreat.goBack(death, beam)).toBe(SAVE_EVERY);
    // The replay re-saves nothing at its own start and dies before the first death.
    for (let i = SAVE_EVERY; i <= death - 10; i++) retreat.pass(i, beam);
    expect(retreat.goBack(death - 10, beam)).toBe(0);
    expect(retreat.storesNothing(death + REPLAY_MARGIN)).toBe(true);
    for (let i = 0; i <= 50; i++) retreat.pass(i, beam);
    expect(retreat.goBack(50, beam)).toBe(-1);
    expect(beam.restored).toEqual([SAVE_EVERY, 0]);
  });

  it('should go back only to the newest save when the longer replay does not fit (the clock)', () => {
    const retreat = new Retreat();
    const beam = recordingBeam();
    const death = 2 * SAVE_EVERY + 40;
    for (let i = 0; i <= death; i++) retreat.pass(i, beam);
    const asked: number[] = [];
    const tooLate = (from: number) => {
      asked.push(from);
      return false;
    };
    expect(retreat.goBack(death, beam, tooLate)).toBe(2 * SAVE_EVERY);
    expect(asked).toEqual([SAVE_EVERY]);
    expect(beam.restored).toEqual([2 * SAVE_EVERY]);
    expect(retreat.storesNothing(death)).toBe(true);
  });

  it('should keep only the newest saves', () => {
    const retreat = new Retreat();
    const beam = recordingBeam();
    const saves = SAVES_KEPT + 3;
    for (let i = 0; i <= saves * SAVE_EVERY; i++) retreat.pass(i, beam);
    // Dying again and again inside replays walks back through the kept saves only.
    let column = saves * SAVE_EVERY + 1;
    const visited: number[] = [];
    for (let back = retreat.goBack(column, beam); back >= 0; back = retreat.goBack(column, beam)) {
      visited.push(back);
      column = back + 1;
    }
    expect(visited).toEqual(Array.from({ length: SAVES_KEPT - 1 }, (_, j) => (saves - 1 - j) * SAVE_EVERY));
  });

  it('should go back to column 0 when the beam dies before its second save', () => {
    const retreat = new Retreat();
    const beam = recordingBeam();
    for (let i = 0; i <= 50; i++) retreat.pass(i, beam);
    expect(retreat.goBack(50, beam)).toBe(0);
  });
});

describe('solve with retreats', () => {
  it('should never end worse than the same search without retreats', () => {
    fc.assert(
      fc.property(instanceArb(300), fc.integer({ min: 2_000, max: 40_000 }), (instance, nodes) => {
        const withRetreat = solve(instance, { budget: { nodes } });
        const without = solveWith(instance, { budget: { nodes } }, { retreat: false });
        if (!withRetreat.ok || !without.ok) throw new Error('solve failed');
        expect(withRetreat.value.score).toBeGreaterThanOrEqual(without.value.score);
      }),
      { numRuns: 40 },
    );
  });

  it('should play on where the beam alone dies: 8 colors on a 6 x 13 field at 20,000 nodes', () => {
    const [instance] = generated({
      seed: 2007,
      width: 6,
      height: 13,
      columns: [400, 800],
      colors: [7, 8],
      magicRate: 0.02,
    });
    const withRetreat = solve(instance, { budget: { nodes: 20_000 } });
    const without = solveWith(instance, { budget: { nodes: 20_000 } }, { retreat: false });
    if (!withRetreat.ok || !without.ok) throw new Error('solve failed');
    expect(without.value.moves.length).toBeLessThan(instance.pieces.length);
    expect(withRetreat.value.moves.length).toBeGreaterThan(without.value.moves.length);
    expect(withRetreat.value.score).toBeGreaterThan(without.value.score);
  });
});
