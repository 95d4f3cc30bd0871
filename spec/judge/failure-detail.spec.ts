import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProgramReport } from '../../lib/judge/columns.js';
import { columnsFailureDetail, MAX_DETAIL, sameGameFailureDetail } from '../../lib/judge/failure-detail.js';
import type { BotGameReport } from '../../lib/judge/samegame.js';

/** A SameGame report of a game that ended as `end` says, with `stderr`. */
const sameGame = (end: Partial<BotGameReport>, stderr: string[] = []): BotGameReport =>
  ({ score: 0, moves: 0, warnings: 0, end: 'terminal', turns: 1, stderr, ...end }) as BotGameReport;

/** A Columns report of a run that ended as `end` says, with `stderr`. */
const columns = (end: Partial<ProgramReport>, stderr: string[] = []): ProgramReport =>
  ({
    end: 'scored',
    score: 0,
    seconds: 0.1,
    exitCode: 0,
    signal: null,
    peakMemoryMb: null,
    stderr,
    ...end,
  }) as ProgramReport;

const LIMITS = { timeMs: 4000, memoryMb: 1024 };

describe('sameGameFailureDetail', () => {
  it.each([
    [
      'a crash, with the exit code and the last stderr line',
      sameGame(
        {
          end: 'crash',
          failedTurn: 1,
          crash: { exitCode: 3, signal: null, reason: 'its output closed before an answer' },
        },
        ['loading', 'Traceback: boom'],
      ),
      'turn 1: its output closed before an answer (exit code 3); stderr: Traceback: boom',
    ],
    [
      'a crash by a signal',
      sameGame({
        end: 'crash',
        failedTurn: 4,
        crash: { exitCode: null, signal: 'SIGSEGV', reason: 'its output closed before an answer' },
      }),
      'turn 4: its output closed before an answer (signal SIGSEGV)',
    ],
    [
      "the referee's message",
      sameGame({
        end: 'error',
        error: { action: 1, code: 'format', message: 'Action not properly formatted' },
      } as Partial<BotGameReport>),
      'action 1 format: Action not properly formatted',
    ],
    ['a timeout', sameGame({ end: 'timeout', failedTurn: 2, timeoutMs: 51 }), 'turn 2: no answer within 51 ms'],
    [
      'the memory limit',
      sameGame({ end: 'memory', failedTurn: 3, memoryLimitMb: 768 }),
      'turn 3: over the memory limit of 768 MB',
    ],
  ])('should say %s', (_what, report, detail) => {
    expect(sameGameFailureDetail(report)).toBe(detail);
  });

  it('should say nothing of a game that did not fail', () => {
    expect(sameGameFailureDetail(sameGame({ end: 'terminal' }, ['a warning']))).toBeUndefined();
    expect(sameGameFailureDetail(sameGame({ end: 'exhausted' }))).toBeUndefined();
  });
});

describe('columnsFailureDetail', () => {
  it.each([
    ['a crash', columns({ end: 'crash', exitCode: 2 }, ['no such file']), 'exit code 2; stderr: no such file'],
    ['a signal', columns({ end: 'crash', exitCode: null, signal: 'SIGKILL' }), 'signal SIGKILL'],
    [
      "the referee's message",
      columns({
        end: 'invalid',
        verdict: { valid: false, score: 0, error: { line: 2, message: 'expected 7 placements' } },
      } as Partial<ProgramReport>),
      'line 2: expected 7 placements',
    ],
    ['a timeout', columns({ end: 'timeout' }), 'killed at 4000 ms'],
    ['the memory limit', columns({ end: 'memory' }), 'killed over the memory limit of 1024 MB'],
  ])('should say %s', (_what, report, detail) => {
    expect(columnsFailureDetail(report, LIMITS)).toBe(detail);
  });

  it('should say nothing of a scored run', () => {
    expect(columnsFailureDetail(columns({ end: 'scored' }, ['debug']), LIMITS)).toBeUndefined();
  });
});

describe('a failure detail', () => {
  it('should never hold a control character, and never be longer than a line of a report', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 600 }), { maxLength: 3 }), (stderr) => {
        const details = [
          sameGameFailureDetail(
            sameGame({ end: 'crash', failedTurn: 1, crash: { exitCode: 1, signal: null, reason: 'closed' } }, stderr),
          ),
          columnsFailureDetail(columns({ end: 'crash', exitCode: 1 }, stderr), LIMITS),
        ];
        for (const detail of details) {
          // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not be there
          expect(detail).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
          expect((detail as string).length).toBeLessThanOrEqual(MAX_DETAIL + 1);
        }
      }),
    );
  });

  it('should write the escape sequence a program printed as its escape', () => {
    const report = columns({ end: 'crash', exitCode: 1 }, ['\u001b[2Jcleared']);
    expect(columnsFailureDetail(report, LIMITS)).toBe('exit code 1; stderr: \\u001b[2Jcleared');
  });
});
