// The process table as /proc shows it: the fields of a stat line whatever the command name holds,
// this process's own entry as the kernel gives it, and the environment it was started with.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { environmentHolds, parseStat, readProcessTable, startOf } from '../../lib/judge/process-table.js';

describe('parseStat', () => {
  it('should read the parent, group, session and start whatever the command name in parentheses holds', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('R', 'S', 'Z'),
        fc.array(fc.integer({ min: 1, max: 4_194_304 }), { minLength: 4, maxLength: 4 }),
        fc.integer({ min: 0, max: 2 ** 40 }),
        (name, state, [pid, ppid, group, session], start) => {
          const middle = '0 -1 4194560 104 0 0 0 0 0 0 0 20 0 1 0';
          const stat = `${pid} (${name}) ${state} ${ppid} ${group} ${session} ${middle} ${start} 2000 300`;
          expect(parseStat(stat)).toEqual({ pid, ppid, group, session, start, zombie: state === 'Z' });
        },
      ),
    );
  });

  it('should refuse a line it cannot read', () => {
    expect(parseStat('')).toBeUndefined();
    expect(parseStat('12 (x) S 1')).toBeUndefined();
  });
});

describe('readProcessTable', () => {
  it('should list this process with its parent and its start', () => {
    const own = readProcessTable().find((entry) => entry.pid === process.pid);
    expect(own).toMatchObject({ pid: process.pid, ppid: process.ppid, zombie: false, start: startOf(process.pid) });
  });
});

describe('environmentHolds', () => {
  it('should find a whole entry of the environment this process started with, and only a whole one', () => {
    // PATH was set before this process started (a variable set since is not in that environment).
    const [key, value] = ['PATH', process.env.PATH as string];
    expect(environmentHolds(process.pid, `${key}=${value}\0`)).toBe(true);
    expect(environmentHolds(process.pid, `${key}=${value.slice(0, -1)}\0`)).toBe(false);
    expect(environmentHolds(process.pid, `${key.slice(1)}=${value}\0`)).toBe(false);
    expect(environmentHolds(999_999_999, `${key}=`)).toBe(false);
  });
});
