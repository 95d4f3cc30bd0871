// A program's processes found through /proc alone (no cgroup): on made-up process tables, exactly
// the processes descended from the program, through new sessions and groups and after their
// parents died; none of another's, even where an id the program once used is someone else's now;
// and, on real processes, one found by the marker in its environment and killed.
import { spawn } from 'node:child_process';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { type ProcessEntry, startOf } from '../../lib/judge/process-table.js';
import { ProgramTree } from '../../lib/judge/program-tree.js';
import { leftBehind, sleepMarker } from '../support/processes.js';

// The leader is a real process, in a session of its own as a program is; the rest are made up,
// with pids above any the kernel gives, so that no real process is taken for one of them.
const leaderProcess = spawn('sleep', [sleepMarker()], { detached: true, stdio: 'ignore' });
afterAll(() => leaderProcess.kill('SIGKILL'));
const LEADER = leaderProcess.pid as number;
const START = startOf(LEADER) as number;
const OURS = 5_000_000;
const OUTSIDER = 6_000_000;

const entry = (pid: number, ppid: number, group: number, session: number, start = START): ProcessEntry => ({
  pid,
  ppid,
  group,
  session,
  start,
  zombie: false,
});

/** The tree of the made-up leader, with no marker any process holds. */
const treeOfLeader = () => new ProgramTree(LEADER, 'TILEFALL_SPEC_NO_MARKER=\0', { since: START });
const pids = (entries: readonly ProcessEntry[]) => entries.map((e) => e.pid).sort((a, b) => a - b);

/**
 * A made-up machine: the leader, `program` processes descended from it and `others` not, each
 * with a parent among those before it, its parent's session or one of its own (setsid), and its
 * parent's group or one of its own; the table in a shuffled order.
 */
const machine = fc
  .record({
    program: fc.array(fc.record({ parent: fc.nat(), setsid: fc.boolean(), setpgid: fc.boolean() }), { maxLength: 12 }),
    others: fc.array(fc.record({ parent: fc.nat(), setsid: fc.boolean(), setpgid: fc.boolean() }), { maxLength: 12 }),
    order: fc.array(fc.nat(), { minLength: 30, maxLength: 30 }),
  })
  .map(({ program, others, order }) => {
    const build = (first: ProcessEntry, specs: typeof program, base: number) => {
      const made = [first];
      specs.forEach((spec, i) => {
        const parent = made[spec.parent % made.length];
        const pid = base + i + 1;
        const session = spec.setsid ? pid : parent.session;
        const group = spec.setsid || spec.setpgid ? pid : parent.group;
        made.push(entry(pid, parent.pid, group, session));
      });
      return made;
    };
    const ours = build(entry(LEADER, 1, LEADER, LEADER), program, OURS);
    const theirs = build(entry(OUTSIDER, 1, OUTSIDER, OUTSIDER), others, OUTSIDER);
    const table = [...ours, ...theirs];
    // Pids wrap: a child may be listed before its parent.
    order.forEach((n, i) => {
      const j = n % table.length;
      [table[i % table.length], table[j]] = [table[j], table[i % table.length]];
    });
    return { ours, table };
  });

describe('ProgramTree', () => {
  it("should find exactly the program's processes, whatever sessions and groups they made", () => {
    fc.assert(
      fc.property(machine, ({ ours, table }) => {
        expect(pids(treeOfLeader().members(table))).toEqual(pids(ours));
      }),
    );
  });

  it('should still find them once their parents died and they were handed to init', () => {
    fc.assert(
      fc.property(machine, fc.array(fc.boolean(), { minLength: 13, maxLength: 13 }), ({ ours, table }, dies) => {
        const tree = treeOfLeader();
        tree.members(table);
        const dead = new Set(ours.filter((_, i) => dies[i]).map((e) => e.pid));
        const later = table.filter((e) => !dead.has(e.pid)).map((e) => (dead.has(e.ppid) ? { ...e, ppid: 1 } : e));
        expect(pids(tree.members(later))).toEqual(pids(ours.filter((e) => !dead.has(e.pid))));
      }),
    );
  });

  it('should not take a later process with a pid the program used, nor the session its new owner leads', () => {
    const tree = treeOfLeader();
    const leader = entry(LEADER, 1, LEADER, LEADER);
    // The program's child left for a session of its own, then exited.
    expect(pids(tree.members([leader, entry(OURS, LEADER, OURS, OURS)]))).toEqual([LEADER, OURS]);
    tree.members([leader]);
    // Its pid is another's now, started later, who leads a session of that number, with a child in it.
    const reused = entry(OURS, OUTSIDER, OURS, OURS, START + 50);
    const child = entry(OURS + 1, OURS, OURS, OURS, START + 60);
    const outsider = entry(OUTSIDER, 1, OUTSIDER, OUTSIDER);
    expect(pids(tree.members([leader, outsider, reused, child]))).toEqual([LEADER]);
  });

  it('should find a process by the marker in its environment, with no other link, and kill it', async () => {
    const marker = sleepMarker();
    const id = `spec-${process.pid}`;
    // A session of its own, not in the tree of any leader: only its environment says whose it is.
    const child = spawn('sleep', [marker], {
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, TILEFALL_SPEC_MARKER: id },
    });
    child.unref();
    await new Promise((resolve) => child.once('spawn', resolve));
    new ProgramTree(undefined, `TILEFALL_SPEC_MARKER=${id}\0`, { since: 0 }).kill();
    expect(await leftBehind(marker)).toEqual([]);
  });
});
