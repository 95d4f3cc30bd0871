// The scorer cases `columns conform --scorer` draws: the default run reaches every scoring corner,
// and every case stays within the bounds given.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeOutput } from '../../lib/columns/engine/referee.js';
import { columnsScorerCases, SCORER_CORNERS, scorerCaseCorners } from '../../lib/testing/columns-scorer-cases.js';

const cases = (options = {}) => {
  const arbitrary = columnsScorerCases(options);
  if (!arbitrary.ok) throw new Error(arbitrary.error.message);
  return arbitrary.value;
};

describe('columnsScorerCases', () => {
  it("should reach every scoring corner in the default run's 200 cases", () => {
    const reached = new Set(fc.sample(cases(), { seed: 1, numRuns: 200 }).flatMap(scorerCaseCorners));
    expect(SCORER_CORNERS.filter((c) => !reached.has(c))).toEqual([]);
  });

  it('should keep every case within the bounds given, and name at least one corner of it', () => {
    fc.assert(
      fc.property(cases({ width: 6, height: [13, 14] }), (c) => {
        expect(c.instance.width).toBe(6);
        expect(c.instance.height).toBeGreaterThanOrEqual(13);
        expect(c.instance.height).toBeLessThanOrEqual(14);
        expect(scorerCaseCorners(c).length).toBeGreaterThan(0);
      }),
    );
  });

  it('should name the corners of outputs worked out by hand', () => {
    const instance = { width: 6, height: 13, pieces: [{ magic: false, jewels: [0, 1, 2] }, { magic: true }] } as const;
    const corners = (output: string) => scorerCaseCorners({ instance, output });
    expect(corners('2\n1 0\n2 0\n')).toEqual(['every column placed']);
    expect(corners('0\n')).toEqual(['empty output (t = 0)', 'default placements played']);
    expect(corners('1\n7 0\n')).toEqual(['position out of range']);
    expect(corners('1\n1 3\n')).toEqual(['shift out of range']);
    expect(corners('1\n1 0\nx\n')).toEqual(['text after the placements']);
    expect(corners('3\n1 0\n1 0\n1 0\n')).toEqual(['more placements than columns']);
    expect(corners('2\n1 0\n')).toEqual(['output ends before a placement']);
    expect(corners('1\n+1 0\n')).toEqual(['a token that is not a whole number']);
    // A 3-high field: the first column fills it, the magic one (at the default) sticks out.
    const low = { ...instance, height: 3 };
    expect(judgeOutput(low, '1\n1 0\n')).toMatchObject({ valid: true, gameOverAt: 2 });
    expect(scorerCaseCorners({ instance: low, output: '1\n1 0\n' })).toEqual(['game over at a default placement']);
    expect(scorerCaseCorners({ instance: low, output: '2\n1 0\n1 0\n' })).toEqual([
      'every column placed',
      'game over at a placed column',
    ]);
  });
});
