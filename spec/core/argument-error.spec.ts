import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkChoice,
  checkFiniteNumber,
  checkOptions,
  checkWholeNumber,
  describeValue,
} from '../../lib/core/argument-error.js';
import { BUDGET_LIMITS, checkBudget } from '../../lib/core/budget.js';
import { fickle } from '../support/fickle.js';
import { expectSoundResult, hostileValue } from '../support/hostile-values.js';

describe('checkWholeNumber', () => {
  it('should take exactly the whole numbers of the range', () => {
    fc.assert(
      fc.property(fc.oneof(hostileValue, fc.integer({ min: -20, max: 20 })), (value) => {
        const checked = checkWholeNumber('invalid-option', 'options.width', value, [1, 10]);
        const whole = typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 10;
        expect(checked.ok).toBe(whole);
        if (!checked.ok) expect(checked.error).toMatchObject({ code: 'invalid-option', field: 'options.width' });
      }),
    );
  });

  it('should read -0 as 0 and name what it found', () => {
    expect(checkWholeNumber('invalid-option', 'x', -0, [0, 1])).toEqual({ ok: true, value: 0 });
    const refused = checkWholeNumber('invalid-option', 'options.width', 1.5, [1, 64]);
    expect(refused.ok ? '' : refused.error.message).toBe(
      'options.width must be a whole number from 1 to 64, found 1.5',
    );
  });
});

describe('checkFiniteNumber', () => {
  it('should refuse NaN and the infinities whatever the range', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(checkFiniteNumber('invalid-weights', 'w', value, [-Infinity, Infinity]).ok).toBe(false);
    expect(checkFiniteNumber('invalid-weights', 'w', 2.5, [0, 3])).toEqual({ ok: true, value: 2.5 });
  });
});

describe('checkOptions', () => {
  it('should read nothing as no options and refuse a key it does not know, naming it', () => {
    expect(checkOptions('invalid-option', 'options', undefined, ['a'])).toEqual({ ok: true, value: {} });
    const refused = checkOptions('invalid-option', 'options', { a: 1, budgets: 2 }, ['a']);
    expect(refused.ok ? undefined : refused.error.field).toBe('options.budgets');
    expect(checkOptions('invalid-option', 'options', [1], ['a']).ok).toBe(false);
  });

  it('should answer a copy of the known options, each read once, whatever a getter answers later', () => {
    fc.assert(
      fc.property(hostileValue, hostileValue, (first, later) => {
        const options = fickle({ a: first, b: 2 } as Record<string, unknown>, 'a', later);
        const checked = checkOptions('invalid-option', 'options', options, ['a', 'b', 'c']);
        const value = checked.ok ? checked.value : undefined;
        expect(value).not.toBe(options);
        expect(value).toEqual(first === undefined ? { b: 2 } : { a: first, b: 2 });
      }),
    );
  });

  it('should name an unknown key on one line, whatever it holds', () => {
    const refused = checkOptions('invalid-option', 'options', { 'two\nlines': 1 }, ['a']);
    expect(refused.ok ? undefined : refused.error.message).toBe('options has no option "two\\nlines" (known: a)');
  });
});

describe('checkChoice', () => {
  it('should take only the listed words', () => {
    expect(checkChoice('invalid-option', 'optimizer', 'ga', ['ga', 'cmaes'])).toEqual({ ok: true, value: 'ga' });
    expect(checkChoice('invalid-option', 'optimizer', 'sgd', ['ga', 'cmaes']).ok).toBe(false);
  });
});

describe('describeValue', () => {
  it('should describe any value on one short line', () => {
    fc.assert(
      fc.property(hostileValue, (value) => {
        const text = describeValue(value);
        expect(text.length).toBeLessThanOrEqual(60);
        expect(text).not.toContain('\n');
      }),
    );
  });
});

describe('checkBudget', () => {
  it('should refuse any value but one naming a finite positive limit within BUDGET_LIMITS', () => {
    const budgets = fc.oneof(
      hostileValue,
      fc.record({ timeMs: hostileValue }, { requiredKeys: [] }),
      fc.record({ nodes: hostileValue }, { requiredKeys: [] }),
      fc.record({ timeMs: hostileValue, nodes: hostileValue }),
    );
    fc.assert(
      fc.property(budgets, (value) => {
        const checked = checkBudget(value);
        expectSoundResult(checked);
        if (!checked.ok) {
          expect(checked.error.code).toBe('invalid-budget');
          return;
        }
        const { timeMs, nodes } = checked.value;
        expect(timeMs !== undefined || nodes !== undefined).toBe(true);
        if (timeMs !== undefined) expect(timeMs > 0 && timeMs <= BUDGET_LIMITS.timeMs).toBe(true);
        if (nodes !== undefined)
          expect(Number.isInteger(nodes) && nodes >= 1 && nodes <= BUDGET_LIMITS.nodes).toBe(true);
      }),
    );
  });

  it('should take the budgets a user writes and refuse the slips, naming the field', () => {
    expect(checkBudget({ nodes: 50_000 })).toEqual({ ok: true, value: { nodes: 50_000 } });
    expect(checkBudget({ timeMs: 300, nodes: 10 })).toEqual({ ok: true, value: { timeMs: 300, nodes: 10 } });
    const field = (value: unknown) => {
      const checked = checkBudget(value);
      return checked.ok ? undefined : checked.error.field;
    };
    expect(field({})).toBe('options.budget');
    expect(field({ nodes: Number.NaN })).toBe('options.budget.nodes');
    expect(field({ nodes: 9e15 })).toBe('options.budget.nodes');
    expect(field({ timeMs: Number.POSITIVE_INFINITY })).toBe('options.budget.timeMs');
    expect(field({ timeMs: 0 })).toBe('options.budget.timeMs');
    expect(field({ time: 5 })).toBe('options.budget.time');
  });
});
