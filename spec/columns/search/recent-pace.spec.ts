import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecentPace } from '../../../lib/columns/search/recent-pace.js';

describe('RecentPace', () => {
  it('should give the time per unit of the last `window` steps, or of all steps before that', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 50 })), { maxLength: 40 }),
        (window, steps) => {
          const pace = new RecentPace(window, 5);
          let now = 5;
          let units = 0;
          for (const [dt, du] of steps) {
            now += dt;
            units += du;
            pace.record(now, units);
          }
          const recent = steps.slice(-window);
          const time = recent.reduce((a, [dt]) => a + dt, 0);
          const done = recent.reduce((a, [, du]) => a + du, 0);
          expect(pace.timePerUnitMs()).toBeCloseTo(steps.length === 0 ? 0 : time / done, 9);
        },
      ),
    );
  });

  it('should forget a slow start once a window of steps has passed', () => {
    const pace = new RecentPace(4, 0);
    pace.record(100, 1); // a stall: 100 ms for one unit
    for (let step = 2; step <= 5; step++) pace.record(100 + (step - 1), step); // then 1 ms a unit
    expect(pace.timePerUnitMs()).toBeCloseTo(1, 9);
  });
});
