import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Disagreement,
  type ExpectedStep,
  firstDisagreement,
  formatDisagreement,
  linesAgree,
} from '../../lib/testing/disagreement.js';
import { expectSoundResult, hostileValue, spoiled } from '../support/hostile-values.js';
import { answer } from './fixtures.js';

const STEPS: ExpectedStep[] = [
  { move: '0 0', before: ['0 0 1'], lines: ['0', '1 -1 -1'] },
  { move: '0 0', before: ['1 -1 -1'], lines: ['1000', '-1 -1 -1'] },
];

describe('linesAgree', () => {
  it('should read the same words with any spacing as agreeing, and other words or no line as parting', () => {
    expect(linesAgree('1 -1 -1', '1  -1 -1 \r')).toBe(true);
    expect(linesAgree('1 -1 -1', '1 -1')).toBe(false);
    expect(linesAgree('1 -1 -1', '1 -1 1')).toBe(false);
    expect(linesAgree('47', undefined)).toBe(false);
  });
});

describe('firstDisagreement', () => {
  it('should find nothing when every step agrees, and the first parting step and line otherwise', () => {
    expect(
      firstDisagreement(STEPS, [
        ['0', '1 -1 -1'],
        ['1000', '-1 -1 -1'],
      ]),
    ).toBeUndefined();
    expect(
      firstDisagreement(STEPS, [
        ['0', '1 -1 -1'],
        ['1000', '-1 1 -1'],
      ]),
    ).toMatchObject({ step: 2, line: 2 });
    expect(firstDisagreement(STEPS, [['4', '1 -1 -1']])).toMatchObject({
      step: 1,
      line: 1,
      received: ['4', '1 -1 -1'],
    });
  });

  it('should part one line past the end of a step cut short, and at a missing step', () => {
    expect(firstDisagreement(STEPS, [['0']])).toMatchObject({ step: 1, line: 2 });
    expect(firstDisagreement(STEPS, [['0', '1 -1 -1']])).toMatchObject({ step: 2, line: 1, received: [] });
  });
});

describe('formatDisagreement', () => {
  it('should show the move, the board before it, and both answers side by side with the parting lines marked', () => {
    const found = firstDisagreement(STEPS, [['0', '-1 1 -1']])!;
    expect(answer(formatDisagreement(found))).toBe(
      [
        'step 1, move 0 0, on the board:',
        '  0 0 1',
        'the answers part at line 2 of the step:',
        '  expected     received',
        '  0            0',
        '  1 -1 -1   ≠  -1 1 -1',
      ].join('\n'),
    );
  });

  it("should show an engine's control characters as escapes, in columns that still line up", () => {
    const found = firstDisagreement(STEPS, [['0', '\u001b[2J\u009b1 -1']])!;
    expect(answer(formatDisagreement(found)).split('\n').at(-1)).toBe('  1 -1 -1   ≠  \\u001b[2J\\u009b1 -1');
  });

  it('should print no control character but its line breaks, whatever the lines hold', () => {
    const line = fc.string({ unit: 'binary', maxLength: 12 });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 3 }), fc.array(line, { maxLength: 3 }), (before, received) => {
        const found = { step: 1, move: '0 0', before, line: 1, expected: ['1'], received };
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
        expect(answer(formatDisagreement(found))).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
      }),
    );
  });

  it('should say nothing came where lines are missing', () => {
    const text = answer(formatDisagreement(firstDisagreement(STEPS, [['0']])!));
    expect(text.split('\n').at(-1)).toBe('  1 -1 -1   ≠  (nothing)');
  });
});

describe('formatDisagreement with values it cannot use', () => {
  const found = firstDisagreement(STEPS, [['0', '1 -1 1']]) as Disagreement;
  const keys = ['step', 'move', 'before', 'line', 'expected', 'received'] as const;

  it('should refuse what is not a disagreement, naming the field, rather than throw', () => {
    expect(formatDisagreement({ ...found, line: 0 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-option', field: 'disagreement.line' },
    });
    expect(formatDisagreement({ ...found, received: [1] as unknown as string[] })).toMatchObject({
      ok: false,
      error: { field: 'disagreement.received' },
    });
  });

  it('should answer any value with the text or a refusal, never a throw', () => {
    fc.assert(
      fc.property(fc.oneof(hostileValue, ...keys.map((key) => spoiled(found, key))), (value) =>
        expectSoundResult(formatDisagreement(value as Disagreement)),
      ),
    );
  });

  it('should format an answer of many lines without running out of arguments', () => {
    const many = { ...found, received: Array.from({ length: 200_000 }, () => 'x') };
    expect(answer(formatDisagreement(many)).split('\n').length).toBeGreaterThan(200_000);
  });
});
