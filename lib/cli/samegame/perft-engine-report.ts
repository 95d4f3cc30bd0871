/**
 * The report of `samegame perft --engine`: the descent level by level (the move whose count
 * differs at each), then the position where the move generators part and how, as text or one
 * JSON object.
 */

import { escapeControlCharacters } from '../../core/control-characters.js';
import type { PerftDescent, PerftLevel, PerftParting } from '../../judge/perft-descent.js';
import { perftQuestionText } from '../../judge/perft-question.js';
import type { Board, Cell } from '../../samegame/engine/board.js';
import { formatBoardLines } from '../../samegame/engine/text.js';

const cell = (c: Cell): string => `${c.x} ${c.y}`;
const after = (moves: readonly Cell[]): string =>
  moves.length === 0 ? 'on the board' : `after ${moves.map(cell).join(', ')}`;
const plural = (n: number, word: string): string => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** One line per level of the descent. */
function levelLines(levels: readonly PerftLevel[]): string[] {
  return levels.map((level) => {
    const head = `  depth ${level.depth} ${after(level.moves)}: total ${level.engineTotal} (tilefall ${level.total})`;
    const { differs } = level;
    if (differs === undefined) return head;
    return `${head}; first move ${cell(differs.move)} counts ${differs.engine} (tilefall ${differs.tilefall})`;
  });
}

/** How the generators part, one line each. */
function partingLines(parting: PerftParting): string[] {
  const lines: string[] = [];
  for (const m of parting.missed)
    lines.push(`  the engine misses the move ${cell(m.move)}: a region of ${m.cells} cells of color ${m.color}`);
  for (const m of parting.invented)
    lines.push(`  the engine invents the move ${m.x} ${m.y} (count ${m.count}): ${m.why}, no move`);
  for (const m of parting.split) {
    const named = m.lines.map((l) => `${l.x} ${l.y}`).join(', ');
    lines.push(
      `  the engine counts the region of ${cell(m.move)} (${m.cells} cells) as ${m.lines.length} moves: ${named}`,
    );
  }
  for (const m of parting.miscounted)
    lines.push(`  the engine counts ${m.engine} sequences of one move for ${cell(m.move)} (tilefall 1)`);
  if (parting.badTotal !== undefined)
    lines.push(`  the engine's total ${parting.badTotal.total} is not the sum of its lines, ${parting.badTotal.sum}`);
  return lines;
}

/** The report as text: `board` is the root the questions start from. */
export function perftEngineText(
  descent: Exclude<PerftDescent, { kind: 'too-deep' }>,
  depth: number,
  board: Board,
): string {
  if (descent.kind === 'agree') {
    const level = descent.levels[0];
    return `the engine agrees with tilefall's perft at depth ${depth}: every first move's count, total ${level.total}\n`;
  }
  const lines = [`the engine parts from tilefall's perft at depth ${depth}:`, ...levelLines(descent.levels)];
  if (descent.kind === 'inconsistent') {
    lines.push(
      `its answers disagree with each other: it counted ${descent.engine} for ${cell(descent.move)}, ` +
        `then ${descent.childTotal} on the position after it (as tilefall does): ` +
        'it keeps something from one question to the next, or plays a move differently inside its count',
    );
  } else if (descent.kind === 'no-answer') {
    const { answer, question } = descent;
    const what =
      answer.kind === 'stalled'
        ? `it printed nothing for ${answer.waitedMs} ms (after ${answer.printed.length} lines)`
        : answer.kind === 'unreadable'
          ? answer.message
          : `cannot start it: ${answer.message}`;
    // What the engine printed (quoted in the message) and its stderr, safe for a terminal.
    lines.push(
      `its answer to the depth ${question.depth} question ${after(question.moves)} is not one: ${escapeControlCharacters(what)}`,
    );
    if (answer.kind === 'unreadable' && answer.stderr.length > 0)
      lines.push('its last stderr lines:', ...answer.stderr.map((l) => `  ${escapeControlCharacters(l)}`));
    lines.push('the question, as the engine was sent it:', ...indent(perftQuestionText(question)));
  } else {
    const { parting } = descent;
    lines.push(
      `the move generators part at depth ${parting.depth}, ${after(parting.moves)}, on this position (top row first):`,
      ...formatBoardLines(parting.position).map((row) => `  ${row}`),
      ...partingLines(parting),
      'the question that shows it, as the engine was sent it (CMD < FILE replays it):',
      ...indent(perftQuestionText({ board: board, moves: parting.moves, depth: parting.depth })),
    );
  }
  lines.push(`${plural(descent.questions, 'question')} asked`);
  return `${lines.join('\n')}\n`;
}

const indent = (text: string): string[] =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => `  ${l}`);

/** The report as one JSON object. */
export function perftEngineJson(
  descent: Exclude<PerftDescent, { kind: 'too-deep' }>,
  depth: number,
  board: Board,
): object {
  const levels = descent.levels.map((level) => ({
    depth: level.depth,
    moves: level.moves,
    engineTotal: level.engineTotal,
    total: level.total,
    ...(level.differs === undefined ? {} : { differs: level.differs }),
  }));
  const base = { agree: descent.kind === 'agree', depth, questions: descent.questions, levels };
  if (descent.kind === 'agree') return base;
  if (descent.kind === 'inconsistent') {
    return { ...base, inconsistent: { move: descent.move, engine: descent.engine, childTotal: descent.childTotal } };
  }
  if (descent.kind === 'no-answer') {
    return { ...base, noAnswer: descent.answer, input: perftQuestionText(descent.question) };
  }
  const { parting } = descent;
  return {
    ...base,
    parting: {
      depth: parting.depth,
      moves: parting.moves,
      rows: formatBoardLines(parting.position),
      missed: parting.missed,
      invented: parting.invented,
      split: parting.split,
      miscounted: parting.miscounted,
      ...(parting.badTotal === undefined ? {} : { badTotal: parting.badTotal }),
    },
    input: perftQuestionText({ board: board, moves: parting.moves, depth: parting.depth }),
  };
}
