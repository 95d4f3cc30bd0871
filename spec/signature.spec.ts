// The search signature, like a chess engine's `bench` node count: fixed inputs, budgets and seeds
// give exactly these numbers. It changes only on purpose, together with a CHANGELOG line that says
// why; an unintended change of search behavior that every other spec misses shows here.
import { describe, expect, it } from 'vitest';
import { parseInstances } from '../lib/columns/engine/text.js';
import { solveWith as solveColumns } from '../lib/columns/search/solver.js';
import { parseBoards } from '../lib/samegame/engine/text.js';
import { solve as solveSameGame } from '../lib/samegame/search/solver.js';
import { readRepoFile } from './support/repo.js';

/** The pinned numbers; update them (and say why in CHANGELOG.md) only when the search changes on purpose. */
const SIGNATURE = {
  // One color (55 cells) stands out: every second rollout plays the contest.
  samegame: { board: 2, nodes: 200_000, seed: 1, score: 2153, spent: 200_059, moves: 60 },
  // The two most frequent colors tie (50 and 49 cells): the rollout contest (`rollout-contest.ts`) is in play.
  samegameTie: { board: 1, nodes: 200_000, seed: 1, score: 1353, spent: 200_034, moves: 54 },
  // 45 cells of each color: the rollout contest is in play.
  samegameEven: { board: 11, nodes: 200_000, seed: 1, score: 1639, spent: 200_016, moves: 55 },
  // Six colors: the six-color flat-field band (`FLAT_FIELD_BANDS`) is in play.
  columns: { instance: 2, nodes: 300_000, score: 211_500, spent: 300_032, placements: 1570 },
  // Enough nodes per column for the chain potential to be measured (300,000 is too few for it).
  columnsWithPotential: { instance: 2, nodes: 1_000_000, score: 283_269, spent: 999_911, placements: 1570 },
  // The next level without its cap per parent (`diversity: { share: 1 }`): the search before the cap.
  columnsUncapped: { instance: 2, nodes: 1_000_000, score: 310_952, spent: 999_833, placements: 1570, share: 1 },
  // Four colors: the few-colors weights (`weightsForColors`) are in play.
  columnsFewColors: { instance: 9, nodes: 300_000, score: 200_737, spent: 299_897, placements: 1274 },
};

describe('search signature', () => {
  it.each([
    ['2', SIGNATURE.samegame],
    ['1 (the top two colors tie)', SIGNATURE.samegameTie],
    ['11 (even colors)', SIGNATURE.samegameEven],
  ])('should solve standard board %s at 200,000 nodes, seed 1, to the pinned score and node count', (_, pinned) => {
    const boards = parseBoards(readRepoFile('datasets/samegame/standard20.txt'));
    if (!boards.ok) throw new Error(boards.error.message);
    const { board, nodes, seed } = pinned;
    const solution = solveSameGame(boards.value[board - 1], { budget: { nodes }, seed });
    if (!solution.ok) throw new Error(solution.error.message);
    const { score, nodes: spent, moves } = solution.value;
    expect({ score, spent, moves: moves.length }).toEqual({
      score: pinned.score,
      spent: pinned.spent,
      moves: pinned.moves,
    });
  });

  it.each([
    ['2 at 300,000 nodes', SIGNATURE.columns],
    ['2 at 1,000,000 nodes, with chain potential', SIGNATURE.columnsWithPotential],
    ['9 (four colors) at 300,000 nodes', SIGNATURE.columnsFewColors],
    ['2 at 1,000,000 nodes, without the cap per parent', SIGNATURE.columnsUncapped],
  ])('should solve Columns bench instance %s to the pinned score and node count', (_, pinned) => {
    const instances = parseInstances(readRepoFile('datasets/columns/bench.txt'));
    if (!instances.ok) throw new Error(instances.error.message);
    const diversity = 'share' in pinned ? { share: Number(pinned.share) } : undefined;
    const solution = solveColumns(
      instances.value[pinned.instance - 1],
      { budget: { nodes: pinned.nodes } },
      { diversity },
    );
    if (!solution.ok) throw new Error(solution.error.message);
    const { score, nodes: spent, moves: placements } = solution.value;
    expect({ score, spent, placements: placements.length }).toEqual({
      score: pinned.score,
      spent: pinned.spent,
      placements: pinned.placements,
    });
  });
});
