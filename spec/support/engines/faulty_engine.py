"""A SameGame engine with one fault outside the rules, for the conformance specs: the example
engine's rules, and one of these faults (the first argument):

  stateful          every game after the first scores each move one point more
  crash-second-move crashes at a game's second move, after printing its points
  one-game          answers the first game, then exits with code 0
  crash-empty-game  crashes on a game of no move (asserts that N > 0)
  buffered-crash    keeps its whole output until it ends, and dies by SIGSEGV on a board over 10 wide
  buffered-stall    keeps its whole output until it ends, and hangs on a board one row high
  stall-and-bug     scores a region of n cells n^2, and hangs on a board one column wide
  only-15x15        refuses every board but CodinGame's 15 x 15, as a bot that hard-codes it
"""

import os
import signal
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', '..', '..', 'docs', 'conformance'))
from samegame_engine import board_lines, play  # noqa: E402

fault = sys.argv[1]
out = []


def say(line):
    if fault.startswith('buffered-'):
        out.append(str(line))
    else:
        print(line, flush=True)


tokens = iter(sys.stdin.read().split())
games = 0
for token in tokens:
    width, height = int(token), int(next(tokens))
    rows = [[int(next(tokens)) for _ in range(width)] for _ in range(height)]
    columns = [[rows[height - 1 - y][x] for y in range(height)] for x in range(width)]
    moves = int(next(tokens))
    if fault == 'only-15x15' and (width, height) != (15, 15):
        sys.exit(f'only 15 x 15 boards, got {width} x {height}')
    if fault == 'one-game' and games == 1:
        sys.exit(0)
    assert fault != 'crash-empty-game' or moves > 0, 'a game with no move'
    if fault == 'buffered-crash' and width > 10:
        os.kill(os.getpid(), signal.SIGSEGV)
    if (fault == 'buffered-stall' and height == 1) or (fault == 'stall-and-bug' and width == 1):
        time.sleep(3600)
    for move in range(moves):
        x, y = int(next(tokens)), int(next(tokens))
        columns, points = play(columns, x, y, 'score-n-squared' if fault == 'stall-and-bug' else None)
        say(points + (1 if fault == 'stateful' and games > 0 else 0))
        if fault == 'crash-second-move' and move == 1:
            raise IndexError('list index out of range')
        for line in board_lines(columns):
            say(line)
    games += 1
sys.stdout.write(''.join(f'{line}\n' for line in out))
