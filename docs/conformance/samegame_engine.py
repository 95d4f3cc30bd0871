#!/usr/bin/env python3
"""An example SameGame engine for `tilefall samegame conform --engine "python3 samegame_engine.py"`.

Protocol: standard input holds any number of games, read until it ends. A game is a line `W H`,
H rows of W integers (top row first, -1 for an empty cell, colors 0 and up), a line `N`, then N
legal moves `x y` (column from the left, row from the bottom). For each move the engine writes
the points it scored, (n - 2)^2 for a region of n cells plus 1000 when it empties the board,
then the H rows of the board after the move, in the input's format.

`--bug NAME` plants one classic simulator bug, to watch `conform` catch it:
  no-compaction     empty columns stay: the columns right of them do not slide left
  compact-once      the column that slides into a removed empty column is skipped, so of two
                    empty columns side by side only one goes
  eight-way         regions also connect diagonally
  no-clear-bonus    emptying the board never earns the 1000
  score-n-squared   a region of n cells scores n^2 instead of (n - 2)^2
  gravity-one-step  cells fall one row per move, however many cells below them were removed
"""

import argparse
import sys

EMPTY = -1
CLEAR_BONUS = 1000
BUGS = ('no-compaction', 'compact-once', 'eight-way', 'no-clear-bonus', 'score-n-squared', 'gravity-one-step')
SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))
CORNERS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def region(columns, x, y, steps):
    """The cells connected to (x, y) through cells of its color, as a set of (x, y)."""
    color = columns[x][y]
    if color == EMPTY:  # a legal move never hits one, but a buggy engine's board may have drifted
        return set()
    cells, todo = {(x, y)}, [(x, y)]
    while todo:
        cx, cy = todo.pop()
        for dx, dy in steps:
            nx, ny = cx + dx, cy + dy
            on_board = 0 <= nx < len(columns) and 0 <= ny < len(columns[nx])
            if on_board and columns[nx][ny] == color and (nx, ny) not in cells:
                cells.add((nx, ny))
                todo.append((nx, ny))
    return cells


def fall(column, bug):
    """The column (bottom to top) after its cells fall, keeping their order."""
    if bug == 'gravity-one-step':
        # A single bottom-to-top pass: each hole rises past one cell, so cells drop one row only.
        for y in range(1, len(column)):
            if column[y - 1] == EMPTY:
                column[y - 1], column[y] = column[y], EMPTY
        return column
    kept = [c for c in column if c != EMPTY]
    return kept + [EMPTY] * (len(column) - len(kept))


def is_empty(column):
    # Checks every cell, not just the bottom one: with gravity-one-step cells can float.
    return all(c == EMPTY for c in column)


def compact(columns, bug):
    """The columns with every empty one removed, padded with empty columns on the right."""
    width, height = len(columns), len(columns[0])
    if bug != 'no-compaction':
        x = 0
        while x < len(columns):
            if is_empty(columns[x]):
                del columns[x]  # the next column slides into x and must be looked at too...
                if bug == 'compact-once':
                    x += 1  # ...which this forgets
            else:
                x += 1
    return columns + [[EMPTY] * height for _ in range(width - len(columns))]


def play(columns, x, y, bug):
    """Plays the move at (x, y); returns the new columns and the points scored."""
    cells = region(columns, x, y, SIDES + CORNERS if bug == 'eight-way' else SIDES)
    for cx, cy in cells:
        columns[cx][cy] = EMPTY
    columns = compact([fall(column, bug) for column in columns], bug)
    n = len(cells)
    points = n * n if bug == 'score-n-squared' else (n - 2) ** 2
    if bug != 'no-clear-bonus' and all(is_empty(column) for column in columns):
        points += CLEAR_BONUS
    return columns, points


def board_lines(columns):
    """The board's rows, top row first, as the protocol prints them."""
    return [' '.join(str(column[y]) for column in columns) for y in reversed(range(len(columns[0])))]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--bug', metavar='NAME', help='plant one of the bugs listed above')
    bug = parser.parse_args().bug
    if bug is not None and bug not in BUGS:
        print(f'unknown bug {bug!r} (known: {", ".join(BUGS)})', file=sys.stderr)
        sys.exit(2)

    tokens = iter(sys.stdin.read().split())
    for token in tokens:
        width, height = int(token), int(next(tokens))
        rows = [[int(next(tokens)) for _ in range(width)] for _ in range(height)]
        # Column by column, bottom to top: gravity and compaction both work on columns.
        columns = [[rows[height - 1 - y][x] for y in range(height)] for x in range(width)]
        out = []
        for _ in range(int(next(tokens))):
            x, y = int(next(tokens)), int(next(tokens))
            columns, points = play(columns, x, y, bug)
            out.append(str(points))
            out.extend(board_lines(columns))
        if out:
            sys.stdout.write('\n'.join(out) + '\n')
        sys.stdout.flush()  # one game's answers at a time, so a runner can read them as they come


if __name__ == '__main__':
    main()
