import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { integerOption, OPTIONS, secretTextOption } from '../../lib/cli/options.js';
import { BUDGET_LIMITS } from '../../lib/core/budget.js';

describe('integerOption', () => {
  const width = integerOption(1, 64, { describe: 'a width' });

  it('should refuse any integer outside its range with its range, however many digits', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.bigInt({ min: 65n, max: 10n ** 40n }), fc.bigInt({ min: -(10n ** 40n), max: 0n })),
        (n) => {
          const read = width.schema.safeParse(String(n));
          expect(read.success).toBe(false);
          if (!read.success)
            expect(read.error.issues.map((issue) => issue.message)).toEqual(['expected an integer from 1 to 64']);
        },
      ),
    );
    expect(width.schema.safeParse('100000000000000000000').error?.issues[0].message).toBe(
      'expected an integer from 1 to 64',
    );
  });

  it('should read every integer of its range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), (n) => {
        expect(width.schema.parse(String(n))).toBe(n);
      }),
    );
  });
});

describe('OPTIONS.nodes', () => {
  it("should take node budgets up to the library's limit and no more", () => {
    expect(OPTIONS.nodes.schema.parse(String(BUDGET_LIMITS.nodes))).toBe(BUDGET_LIMITS.nodes);
    expect(OPTIONS.nodes.schema.safeParse(String(BUDGET_LIMITS.nodes + 1)).error?.issues[0].message).toBe(
      `expected an integer from 1 to ${BUDGET_LIMITS.nodes}`,
    );
  });
});

describe('secretTextOption', () => {
  it('should be hidden, and read its text with its check', () => {
    const url = secretTextOption((text) => (text === 'ok' ? undefined : 'not ok'), { describe: 'a URL' });
    expect(url.hidden).toBe(true);
    expect(url.schema.parse('ok')).toBe('ok');
    expect(url.schema.safeParse('nope').error?.issues[0].message).toBe('not ok');
    expect(url.schema.parse(undefined)).toBeUndefined();
  });
});
