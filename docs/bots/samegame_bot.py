#!/usr/bin/env python3
"""A small SameGame bot for the CodinGame multi-turn puzzle, written to be tuned by tilefall.

Protocol (CodinGame multi-turn): every turn the bot reads the board, 15 lines of 15 integers
(top row first, -1 for an empty cell), and prints one action `x y` (column, row; 0 0 is the
bottom-left cell). The first turn has 20 s and every later one 50 ms, so the bot plans the whole
game on the first turn and then replays its plan, answering in microseconds.

The plan is a greedy game: each move is the region of the best value, where the value of removing
a region of n cells is its points, (n - 2)^2 (and 1,000 if it clears the board), plus weighted
features of the board it leaves. Exact ties are broken at random, seeded by TILEFALL_SEED.

The tuning contract (tilefall samegame tune --bot "python3 docs/bots/samegame_bot.py"):
- TILEFALL_PARAMS, an environment variable: the parameters as one JSON object by name; any that
  is missing (or the whole variable) keeps its default below.
- TILEFALL_SEED, an environment variable: the seed of the tie-breaks; the same parameters and
  seed play the same game, so the bot is deterministic.

The parameters (the defaults below play plain greedy: the most points now):
- tabu:        penalty, per cell, for taking cells of the most frequent color (the tabu color),
               which pays most once it is gathered into one big region and taken last.
- gather:      bonus per cell of the largest region of the tabu color left after the move.
- singletons:  weight of each lone cell (a region of one) left after the move (negative: a penalty).
- mobility:    weight of each legal move (a region of two or more) left after the move.

Standard library only (Python 3.8 or later).
"""

import json
import os
import random
import sys

SIZE = 15
DEFAULTS = {"tabu": 0.0, "gather": 0.0, "singletons": 0.0, "mobility": 0.0}


def read_params():
    """The parameters: the defaults, overridden by TILEFALL_PARAMS when it is set."""
    params = dict(DEFAULTS)
    text = os.environ.get("TILEFALL_PARAMS")
    if text:
        params.update({k: float(v) for k, v in json.loads(text).items() if k in DEFAULTS})
    return params


def columns_of(rows):
    """The board as a list of columns, each a list of colors from the bottom up; empty ones dropped."""
    columns = []
    for x in range(SIZE):
        column = [rows[SIZE - 1 - y][x] for y in range(SIZE) if rows[SIZE - 1 - y][x] >= 0]
        if column:
            columns.append(column)
    return columns


def regions(columns):
    """Every region as (color, cells), its cells a list of (x, y)."""
    seen = [[False] * len(column) for column in columns]
    found = []
    width = len(columns)
    for x in range(width):
        column = columns[x]
        for y in range(len(column)):
            if seen[x][y]:
                continue
            color = column[y]
            seen[x][y] = True
            cells = [(x, y)]
            stack = [(x, y)]
            while stack:
                cx, cy = stack.pop()
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    if 0 <= nx < width and 0 <= ny < len(columns[nx]) and not seen[nx][ny]:
                        if columns[nx][ny] == color:
                            seen[nx][ny] = True
                            cells.append((nx, ny))
                            stack.append((nx, ny))
            found.append((color, cells))
    return found


def remove(columns, cells):
    """The board after removing `cells`: the cells above fall, empty columns close up."""
    gone = {}
    for x, y in cells:
        gone.setdefault(x, set()).add(y)
    after = []
    for x, column in enumerate(columns):
        if x in gone:
            removed = gone[x]
            column = [c for y, c in enumerate(column) if y not in removed]
        if column:
            after.append(column)
    return after


def most_frequent_color(columns):
    """The color with the most cells on the board (the lowest on a tie), or -1 on an empty board."""
    counts = {}
    for column in columns:
        for c in column:
            counts[c] = counts.get(c, 0) + 1
    return max(counts, key=lambda c: (counts[c], -c)) if counts else -1


def value_of(n, color, after, tabu_color, params):
    """The value of removing a region of `n` cells of `color` that leaves the board `after`."""
    value = (n - 2) * (n - 2) + (1000 if not after else 0)
    if color == tabu_color:
        value -= params["tabu"] * n
    singletons = 0
    moves = 0
    gathered = 0
    for c, cells in regions(after):
        size = len(cells)
        if size == 1:
            singletons += 1
        else:
            moves += 1
        if c == tabu_color and size > gathered:
            gathered = size
    return value + params["gather"] * gathered + params["singletons"] * singletons + params["mobility"] * moves


def plan(columns, params, rng):
    """The greedy game from `columns`: its moves as (x, y), each the region of the best value."""
    moves = []
    while True:
        tabu_color = most_frequent_color(columns)
        best = None
        ties = 0
        for color, cells in regions(columns):
            n = len(cells)
            if n < 2:
                continue
            after = remove(columns, cells)
            value = value_of(n, color, after, tabu_color, params)
            # A tie replaces the best with chance 1/ties, so every tied move is equally likely.
            if best is None or value > best[0]:
                best, ties = (value, min(cells), after), 1
            elif value == best[0]:
                ties += 1
                if rng.randrange(ties) == 0:
                    best = (value, min(cells), after)
        if best is None:
            return moves
        moves.append(best[1])
        columns = best[2]


def main():
    params = read_params()
    seed = int(os.environ.get("TILEFALL_SEED", "0"))
    moves = []
    expected = None
    rows = []
    for line in sys.stdin:
        rows.append([int(v) for v in line.split()])
        if len(rows) < SIZE:
            continue
        columns = columns_of(rows)
        rows = []
        # The referee's board is the one the plan expects unless something surprised us: plan again.
        if columns != expected or not moves:
            moves = plan(columns, params, random.Random(seed))
        x, y = moves.pop(0)
        cells = next(cells for _, cells in regions(columns) if (x, y) in cells)
        expected = remove(columns, cells)
        sys.stdout.write(f"{x} {y}\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
