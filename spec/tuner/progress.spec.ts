import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createProgress, progressBar, type TuneProgress } from '../../tuner/progress.js';
import { expectSoundResult, hostileValue } from '../support/hostile-values.js';

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

  it('should write one plain line per generation to a pipe, with its best and mean', () => {
    const { stream, text } = capture(false);
    const progress = display(stream, 2, () => 'jobs 3');
    progress.startGeneration(0, 4);
    progress.evaluationDone();
    progress.endGeneration(12.25, 8);
    progress.stop();
    expect(text()).toMatch(/^generation 1\/2: best 12\.3, mean 8\.0, ETA \d+s \| jobs 3\n$/);
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
