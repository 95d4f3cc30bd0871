import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Evaluation, FAILURE_KINDS, type FailureKind } from '../../lib/core/tuning-game.js';
import { describeFailure, failureTotals, genomeFailures, reportedFailure } from '../../tuner/failures.js';

describe('genomeFailures', () => {
  it("should count each genome's failed games by kind, in its own slice of the evaluations", () => {
    const evaluations: Evaluation[] = [
      12,
      { score: 0, failure: 'crash' },
      { score: 40 },
      { score: 0, failure: 'timeout' },
      { score: 0, failure: 'crash' },
      { score: 7 },
    ];
    expect(genomeFailures([[1], [2]], evaluations, 3)).toEqual([
      { genome: [1], games: 3, failed: { crash: 1 }, first: { kind: 'crash' } },
      { genome: [2], games: 3, failed: { timeout: 1, crash: 1 }, first: { kind: 'timeout' } },
    ]);
  });

  it("should carry each genome's first failed game, in task order, with its detail", () => {
    const evaluations: Evaluation[] = [
      { score: 4 },
      { score: 0, failure: 'invalid', detail: 'action 1 format: not x y' },
      { score: 0, failure: 'crash', detail: 'exit code 3' },
      { score: 0, failure: 'timeout' },
      { score: 0, failure: 'crash', detail: 'signal SIGSEGV' },
      5,
    ];
    expect(genomeFailures([[1], [2]], evaluations, 3).map((f) => f.first)).toEqual([
      { kind: 'invalid', detail: 'action 1 format: not x y' },
      { kind: 'timeout' },
    ]);
  });

  it('should escape the control characters of a detail that came unescaped, as from a queue worker', () => {
    const [record] = genomeFailures([[1]], [{ score: 0, failure: 'crash', detail: 'boom\u001b[2J\nagain' }], 1);
    expect(record.first).toEqual({ kind: 'crash', detail: 'boom\\u001b[2J\\nagain' });
  });

  it('should say a failure as its kind and, when there is one, its detail', () => {
    expect(describeFailure({ kind: 'crash', detail: 'exit code 3; stderr: boom' })).toBe(
      'crash (exit code 3; stderr: boom)',
    );
    expect(describeFailure({ kind: 'memory' })).toBe('memory');
  });

  it('should leave out genomes that failed nothing, and list kinds in one order whatever order they failed in', () => {
    const failures = genomeFailures(
      [[1], [2]],
      [5, 6, 7, { score: 0, failure: 'memory' }, { score: 0, failure: 'invalid' }, { score: 0, failure: 'timeout' }],
      3,
    );
    expect(failures.map((f) => f.genome)).toEqual([[2]]);
    expect(Object.keys(failures[0].failed)).toEqual(['timeout', 'invalid', 'memory']);
  });

  it('should count every failed evaluation once, over all genomes', () => {
    const evaluation: fc.Arbitrary<Evaluation> = fc.oneof(
      fc.integer(),
      fc.constantFrom(...FAILURE_KINDS).map((failure): Evaluation => ({ score: 0, failure })),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 6 }),
        fc.infiniteStream(evaluation),
        (genomes, perGenome, stream) => {
          const evaluations = [...stream.take(genomes * perGenome)];
          const found = genomeFailures(
            Array.from({ length: genomes }, (_, g) => [g]),
            evaluations,
            perGenome,
          );
          const failed = evaluations.filter((e) => typeof e !== 'number').length;
          expect(failureTotals(found, evaluations.length).failed).toBe(failed);
        },
      ),
    );
  });
});

describe('failureTotals', () => {
  it('should sum the records by kind, with every kind listed, over the games given', () => {
    const totals = failureTotals(
      [
        { genome: [1], games: 3, failed: { crash: 2 } },
        { genome: [2], games: 3, failed: { crash: 1, memory: 1 } },
      ],
      30,
    );
    const byKind: Record<FailureKind, number> = { timeout: 0, crash: 3, invalid: 0, memory: 1 };
    expect(totals).toEqual({ games: 30, failed: 4, byKind });
  });
});

describe('reportedFailure', () => {
  it("should read the failure a runner's onDone reported, and nothing from a value that is not one", () => {
    expect(reportedFailure({ score: 0, failure: 'memory', detail: 'over\u0007' })).toEqual({
      kind: 'memory',
      detail: 'over\\u0007',
    });
    expect(reportedFailure({ score: 0, failure: 'crash', detail: 4 })).toEqual({ kind: 'crash' });
    for (const value of [undefined, null, 3, { score: 2 }, { failure: 'melted' }, [], 'crash'])
      expect(reportedFailure(value)).toBeUndefined();
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const read = reportedFailure(value);
        if (read !== undefined) expect(FAILURE_KINDS).toContain(read.kind);
      }),
    );
  });
});
