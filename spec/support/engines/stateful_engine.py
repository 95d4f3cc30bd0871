"""A SameGame engine that keeps something from one game to the next, for the conformance specs:
the example engine's rules, but every game after the first scores each move one point more.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', '..', '..', 'docs', 'conformance'))
from samegame_engine import board_lines, play  # noqa: E402

tokens = iter(sys.stdin.read().split())
games = 0
for token in tokens:
    width, height = int(token), int(next(tokens))
    rows = [[int(next(tokens)) for _ in range(width)] for _ in range(height)]
    columns = [[rows[height - 1 - y][x] for y in range(height)] for x in range(width)]
    for _ in range(int(next(tokens))):
        x, y = int(next(tokens)), int(next(tokens))
        columns, points = play(columns, x, y, None)
        print(points + (1 if games > 0 else 0))
        print('\n'.join(board_lines(columns)))
    games += 1
