// The referee's own verdicts on 60 sample games (spec/samegame/fixtures): verify must agree exactly.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { judgeActions } from '../../../lib/samegame/engine/referee.js';
import { formatBoardLines, parseBoard } from '../../../lib/samegame/engine/text.js';
import { readJsonLines } from '../../support/repo.js';

const fixtureSchema = z.object({
  id: z.string(),
  protocol: z.enum(['multi-turn', 'one-turn']),
  board: z.array(z.string()).length(15),
  moves: z.array(z.string()),
  expect: z.object({
    score: z.number(),
    moves: z.number(),
    warnings: z.number(),
    terminal: z.boolean(),
    end: z.enum(['terminal', 'error']),
    errorMessage: z.string().nullable(),
    board: z.array(z.string()).length(15),
  }),
});

const fixtures = readJsonLines('spec/samegame/fixtures/referee-sample.jsonl').map((row) => fixtureSchema.parse(row));

describe('referee (published referee fixtures)', () => {
  it('should have the 60 fixture games to check', () => {
    expect(fixtures).toHaveLength(60);
  });

  it.each(fixtures.map((f) => [f.id, f] as const))('should give the referee verdict on %s', (_id, fixture) => {
    const board = parseBoard(fixture.board.join('\n'), { width: 15, height: 15, colors: 5 });
    if (!board.ok) throw new Error(board.error.message);
    const verdict = judgeActions(board.value, fixture.moves, fixture.protocol);
    expect({
      score: verdict.score,
      moves: verdict.moves,
      warnings: verdict.warnings,
      terminal: verdict.terminal,
      end: verdict.end,
      errorMessage: verdict.error?.message ?? null,
      board: formatBoardLines(verdict.board),
    }).toEqual(fixture.expect);
  });
});
