import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../lib/node/files.js';
import { temporaryName } from '../../lib/node/stale-temporaries.js';
import { scratchDirectory } from '../support/scratch.js';

/** The id of a process that has exited (ids are not given again this soon). */
const deadPid = (): number => spawnSync('true').pid as number;

describe('removeStaleTemporaries, through writeFileAtomic', () => {
  it("should remove a target's temporaries whose writer no longer runs when it writes that target, and only those", () => {
    const dir = scratchDirectory('tilefall-stale-');
    const dead = deadPid();
    const files = {
      stale: `.out.json.${dead}.1700000000000.tmp`,
      live: `.out.json.${process.pid}.1700000000000.tmp`,
      otherTarget: `.other.json.${dead}.1700000000000.tmp`,
      notOurs: '.out.json.tmp',
      notAPid: `.out.json.${2 ** 23}.1.tmp`,
    };
    for (const name of Object.values(files)) writeFileSync(join(dir, name), 'half a write');
    expect(writeFileAtomic(join(dir, 'out.json'), '{}')).toEqual({ ok: true, value: undefined });
    expect(readdirSync(dir).sort()).toEqual(
      ['out.json', files.live, files.otherTarget, files.notOurs, files.notAPid].sort(),
    );
    // The other target's stale temporary goes when that target is written.
    writeFileAtomic(join(dir, 'other.json'), '{}');
    expect(readdirSync(dir)).not.toContain(files.otherTarget);
  });

  it('should name temporaries so that they are found again: the target, this process, a time', () => {
    expect(temporaryName('w.json')).toMatch(new RegExp(`^\\.w\\.json\\.${process.pid}\\.\\d+\\.tmp$`));
  });
});
