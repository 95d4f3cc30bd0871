#!/usr/bin/env python3
"""An example SameGame perft engine for `tilefall samegame perft --engine "python3 samegame_perft.py"`.

Protocol (docs/conformance.md): standard input holds one question. A line `perft D`, then a game
as `conform` sends it: a line `W H`, H rows of W integers (top row first, -1 for an empty cell,
colors 0 and up), a line `N`, then N legal moves `x y` (column from the left, row from the bottom)
to play first. The engine plays the N moves, then writes one line `x y count` per legal move of the
position it reaches (any cell of the move's region, here its lowest cell of its leftmost column),
`count` being the sequences of exactly D moves that start with it, then a line `total T`, the sum.
A move is a region of two or more cells of one color, joined by their sides.

`--bug NAME` plants one move-generator bug, to watch `perft --engine` find it:
  split-large       the flood fill gives up after 6 cells (a fixed buffer), so a larger region is
                    seen as several: on standard board 1 the counts part at depth 3 only
                    (on a board with such a region from the start, as 6, 7 and 11, sooner)
  compact-once      of two empty columns side by side only one is removed
  misses-after-two  once two moves have been played, a region of two cells one above the other
                    is missed (standing in for a bug that needs two moves to set it up)
  invents-after-two once two moves have been played, a lone cell at the top of the leftmost
                    column counts as a move
"""

import argparse
import sys

EMPTY = -1
BUGS = ('split-large', 'compact-once', 'misses-after-two', 'invents-after-two')
SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))
SPLIT_LIMIT = 6


def region(columns, x, y, bug):
    """The cells joined to (x, y) through cells of its color, as a set of (x, y)."""
    color = columns[x][y]
    cells, todo = {(x, y)}, [(x, y)]
    while todo:
        cx, cy = todo.pop()
        for dx, dy in SIDES:
            nx, ny = cx + dx, cy + dy
            if bug == 'split-large' and len(cells) >= SPLIT_LIMIT:
                return cells
            on_board = 0 <= nx < len(columns) and 0 <= ny < len(columns[nx])
            if on_board and columns[nx][ny] == color and (nx, ny) not in cells:
                cells.add((nx, ny))
                todo.append((nx, ny))
    return cells


def moves(columns, played, bug):
    """The legal moves, each as (x, y, cells), in column-major order of their first cell."""
    seen, found = set(), []
    for x, column in enumerate(columns):
        for y, color in enumerate(column):
            if color == EMPTY or (x, y) in seen:
                continue
            cells = region(columns, x, y, bug)
            seen |= cells
            vertical_pair = len(cells) == 2 and len({cx for cx, _ in cells}) == 1
            if bug == 'misses-after-two' and played >= 2 and vertical_pair:
                continue
            lone_on_top = len(cells) == 1 and x == 0 and (y + 1 == len(column) or column[y + 1] == EMPTY)
            if len(cells) >= 2 or (bug == 'invents-after-two' and played >= 2 and lone_on_top):
                found.append((x, y, cells))
    return found


def play(columns, cells, bug):
    """The columns after the cells are removed: each column falls, empty columns go right."""
    height = len(columns[0])
    fallen = []
    for x, column in enumerate(columns):
        kept = [c for y, c in enumerate(column) if c != EMPTY and (x, y) not in cells]
        fallen.append(kept + [EMPTY] * (height - len(kept)))
    x = 0
    while x < len(fallen):
        if fallen[x][0] == EMPTY:
            del fallen[x]
            if bug == 'compact-once':
                x += 1  # the column that slid into x is never looked at
        else:
            x += 1
    return fallen + [[EMPTY] * height for _ in range(len(columns) - len(fallen))]


def count(columns, depth, played, bug):
    """The sequences of exactly `depth` moves from the position."""
    found = moves(columns, played, bug)
    if depth == 1:
        return len(found)
    return sum(count(play(columns, cells, bug), depth - 1, played + 1, bug) for _, _, cells in found)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--bug', metavar='NAME', help='plant one of the bugs listed above')
    bug = parser.parse_args().bug
    if bug is not None and bug not in BUGS:
        print(f'unknown bug {bug!r} (known: {", ".join(BUGS)})', file=sys.stderr)
        sys.exit(2)

    tokens = sys.stdin.read().split()
    if tokens[:1] != ['perft']:
        print('expected a line "perft D"', file=sys.stderr)
        sys.exit(2)
    depth, width, height = int(tokens[1]), int(tokens[2]), int(tokens[3])
    values = iter(tokens[4:])
    rows = [[int(next(values)) for _ in range(width)] for _ in range(height)]
    # Column by column, bottom to top: gravity and compaction both work on columns.
    columns = [[rows[height - 1 - y][x] for y in range(height)] for x in range(width)]
    played = int(next(values))
    for _ in range(played):
        x, y = int(next(values)), int(next(values))
        columns = play(columns, region(columns, x, y, bug), bug)

    total = 0
    for x, y, cells in moves(columns, played, bug):
        n = 1 if depth == 1 else count(play(columns, cells, bug), depth - 1, played + 1, bug)
        total += n
        print(f'{x} {y} {n}', flush=True)
    print(f'total {total}', flush=True)


if __name__ == '__main__':
    main()
