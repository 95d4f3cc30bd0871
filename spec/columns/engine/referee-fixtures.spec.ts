// The 12 scored sample games of spec/columns/fixtures: the engine must agree on every number.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatField } from '../../../lib/columns/engine/field.js';
import { parseMoves } from '../../../lib/columns/engine/moves.js';
import { playMoves } from '../../../lib/columns/engine/referee.js';
import { parseInstance } from '../../../lib/columns/engine/text.js';
import { readJsonLines } from '../../support/repo.js';
import { validGame } from '../arbitraries.js';

const fixtureSchema = z.object({
  id: z.string(),
  input: z.string(),
  output: z.string(),
  expect: z.object({
    score: z.number(),
    pointsPerColumn: z.array(z.number()),
    gameOverAt: z.number().nullable(),
    field: z.array(z.string()),
  }),
});
const fixtures = readJsonLines('spec/columns/fixtures/sample-games.jsonl').map((row) => fixtureSchema.parse(row));

describe('playGame (published Columns sample games)', () => {
  it('should have the 12 fixture games', () => {
    expect(fixtures).toHaveLength(12);
  });

  it.each(fixtures.map((f) => [f.id, f] as const))('should score %s exactly', (_id, fixture) => {
    const instance = parseInstance(fixture.input);
    if (!instance.ok) throw new Error(instance.error.message);
    const output = parseMoves(fixture.output, instance.value);
    if (!output.ok) throw new Error(output.error.message);
    const result = validGame(playMoves(instance.value, output.value));
    expect({
      score: result.score,
      pointsPerColumn: result.pointsPerColumn,
      gameOverAt: result.gameOverAt,
      field: formatField(result.field),
    }).toEqual(fixture.expect);
  });
});
