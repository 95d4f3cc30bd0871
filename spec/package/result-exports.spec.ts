// Every entry point exports the `Result` type and its constructors `ok` and `err`, so that code
// using one module names what its functions answer without reaching into another.
import { describe, expect, it } from 'vitest';
import * as columns from '../../lib/columns/index.js';
import * as root from '../../lib/index.js';
import * as samegame from '../../lib/samegame/index.js';
import * as testing from '../../lib/testing/index.js';
import * as tuner from '../../tuner/index.js';

// The type from each entry point: any of them missing fails the type check of this file.
type Answers = [
  root.Result<number, string>,
  samegame.Result<number, string>,
  columns.Result<number, string>,
  testing.Result<number, string>,
  tuner.Result<number, string>,
];

const ENTRY_POINTS = {
  tilefall: root,
  'tilefall/samegame': samegame,
  'tilefall/columns': columns,
  'tilefall/testing': testing,
  'tilefall/tuner': tuner,
};

describe('Result from every entry point', () => {
  it.each(Object.entries(ENTRY_POINTS))(
    'should export ok and err from %s, building both sides of a Result',
    (_, module) => {
      const answers: Answers[number][] = [module.ok(3), module.err('no')];
      expect(answers).toEqual([
        { ok: true, value: 3 },
        { ok: false, error: 'no' },
      ]);
    },
  );

  it('should export the same ok and err everywhere', () => {
    for (const module of Object.values(ENTRY_POINTS)) {
      expect(module.ok).toBe(root.ok);
      expect(module.err).toBe(root.err);
    }
  });
});
