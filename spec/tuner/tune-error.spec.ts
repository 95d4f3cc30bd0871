import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oneLine, thrownMessage } from '../../tuner/tune-error.js';
import { hostileValue } from '../support/hostile-values.js';

describe('thrownMessage', () => {
  it("should give an error's message, and any other thrown value as text", () => {
    expect(thrownMessage(new RangeError('too far'))).toBe('too far');
    expect(thrownMessage('plain text')).toBe('plain text');
    expect(thrownMessage(Object.create(null))).toBe('an evaluation threw with no message');
    expect(thrownMessage(new Error(''))).toBe('an evaluation threw with no message');
  });

  it('should always be one line, never empty, whatever was thrown', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          hostileValue,
          fc.string().map((text) => new Error(text)),
        ),
        (thrown) => {
          const message = thrownMessage(thrown);
          expect(message).not.toMatch(/[\r\n]/);
          expect(message.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('oneLine', () => {
  it('should join lines with a space and cut a long text', () => {
    expect(oneLine('first\r\n  second\n\nthird')).toBe('first second third');
    expect(oneLine('x'.repeat(10_000))).toHaveLength(501);
  });
});
