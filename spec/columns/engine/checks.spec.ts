import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkInstance,
  checkInstanceOnce,
  checkPiece,
  checkPlacement,
  checkPlacements,
} from '../../../lib/columns/engine/checks.js';
import { LIMITS } from '../../../lib/columns/engine/instance.js';
import { formatInstance, parseInstance } from '../../../lib/columns/engine/text.js';
import { expectSoundResult, hostileValue } from '../../support/hostile-values.js';
import { instanceArb } from '../arbitraries.js';

describe('checkInstance', () => {
  it('should take every instance parseInstance reads, and refuse what it would not read', () => {
    fc.assert(
      fc.property(instanceArb(30), (instance) => {
        expect(checkInstance(instance)).toEqual({ ok: true, value: instance });
        expect(parseInstance(formatInstance(instance)).ok).toBe(true);
      }),
    );
  });

  it.each([
    [{ width: LIMITS.width[1] + 1, height: 13, pieces: [{ magic: true }] }, 'instance.width'],
    [{ width: 6, height: 2, pieces: [{ magic: true }] }, 'instance.height'],
    [{ width: 6, height: 13, pieces: [] }, 'instance.pieces'],
    [{ width: 6, height: 13, pieces: [{ magic: true }, 'abc'] }, 'instance.pieces[1]'],
    [{ width: 6, height: 13, pieces: [{ magic: 1 }] }, 'instance.pieces[0].magic'],
    [{ width: 6, height: 13, pieces: [{ magic: false, jewels: [0, 1] }] }, 'instance.pieces[0].jewels'],
    [{ width: 6, height: 13, pieces: [{ magic: false, jewels: [0, 1, 1.5] }] }, 'instance.pieces[0].jewels[2]'],
    [{ width: 6, height: 13, pieces: [{ magic: false, jewels: [0, 26, 1] }] }, 'instance.pieces[0].jewels[1]'],
  ])('should refuse %j at %s', (value, field) => {
    expect(checkInstance(value)).toMatchObject({ ok: false, error: { code: 'invalid-instance', field } });
  });

  it('should refuse any other value with a one-line message', () => {
    fc.assert(
      fc.property(hostileValue, (value) => {
        const checked = checkInstance(value);
        expectSoundResult(checked);
        expect(checked.ok).toBe(false);
      }),
    );
  });
});

describe('checkInstanceOnce', () => {
  it('should answer a copy, and look at the pieces of a copy it made only once, and still at its shape', () => {
    const pieces: unknown[] = [{ magic: true }];
    const checked = checkInstanceOnce({ width: 6, height: 13, pieces });
    if (!checked.ok) throw new Error(checked.error.message);
    pieces[0] = 'changed';
    expect(checked.value.pieces).toEqual([{ magic: true }]);
    const copy = checked.value as unknown as { width: number; pieces: unknown[] };
    copy.pieces[0] = 'changed';
    expect(checkInstanceOnce(copy)).toEqual({ ok: true, value: copy });
    expect(checkInstance(copy).ok).toBe(false);
    copy.width = 0;
    expect(checkInstanceOnce(copy)).toMatchObject({ ok: false, error: { field: 'instance.width' } });
  });
});

describe('checkPiece and checkPlacement', () => {
  it('should take magic whatever else the piece holds, and whole numbers of any range as a placement', () => {
    expect(checkPiece({ magic: true, jewels: 'x' }, 'p').ok).toBe(true);
    expect(checkPlacement({ position: -7, shifts: 99 })).toEqual({ ok: true, value: { position: -7, shifts: 99 } });
    expect(checkPlacements([])).toEqual({ ok: true, value: [] });
  });

  it('should refuse a placement of anything but two whole numbers as invalid-cell', () => {
    fc.assert(
      fc.property(hostileValue, hostileValue, (position, shifts) => {
        const whole = (n: unknown) => typeof n === 'number' && Number.isInteger(n);
        const checked = checkPlacement({ position, shifts });
        expect(checked.ok).toBe(whole(position) && whole(shifts));
        if (!checked.ok) expect(checked.error.code).toBe('invalid-cell');
        expectSoundResult(checkPlacements([{ position, shifts }]));
      }),
    );
  });
});
