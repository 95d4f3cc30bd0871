#!/usr/bin/env python3
"""An example Columns engine for `tilefall columns conform --engine "python3 columns_engine.py"`.

Protocol: standard input holds any number of games, read as whitespace-separated tokens until
it ends. A game is the statement's input (`w h`, `k`, then k pieces of three letters bottom to
top, or `***` for magic), then `k` again and k placements `p s` (1-based column, 0..2 shifts).
For each placement the engine writes the points the piece scored, then the h rows of the field,
top row first, `.` for an empty cell; or the word `over` when the piece sticks out of the field,
and then nothing more for that game (its remaining placements are read but not played).

`--bug NAME` plants one classic simulator bug, to watch `conform` catch it:
  one-diagonal        only the up-right diagonal is checked, not the down-right one
  run-once            a run of four or five equal jewels counts as one match, not two or three
  flat-combo          the combo multiplier is always 1
  combo-carries       the combo multiplier is not reset to 1 for the next piece
  magic-no-game-over  a magic piece never ends the game
  game-over-early     the game ends when stack height + 3 >= h, one row too early
  shift-backwards     a shift moves the top jewel to the bottom instead of the bottom one to the top
"""

import argparse
import sys

POINTS = 47  # per match (times the combo), and per jewel a magic piece clears
MAGIC = '***'
BUGS = ('one-diagonal', 'run-once', 'flat-combo', 'combo-carries', 'magic-no-game-over', 'game-over-early',
        'shift-backwards')
# Horizontal, vertical, diagonal up-right, diagonal down-right.
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def find_matches(stacks, bug):
    """The number of matches (windows of three equal jewels in a line) and the cells they cover."""
    jewels = {(x, y): jewel for x, stack in enumerate(stacks) for y, jewel in enumerate(stack)}
    directions = DIRECTIONS[:3] if bug == 'one-diagonal' else DIRECTIONS
    matches, marked = 0, set()
    for (x, y), jewel in jewels.items():
        for dx, dy in directions:
            if jewels.get((x + dx, y + dy)) == jewel == jewels.get((x + 2 * dx, y + 2 * dy)):
                marked.update((x + i * dx, y + i * dy) for i in range(3))
                # Every window counts, so a run of L holds L - 2 matches; the bug counts a run's
                # first window only.
                if bug != 'run-once' or jewels.get((x - dx, y - dy)) != jewel:
                    matches += 1
    return matches, marked


def play_game(width, height, pieces, placements, bug):
    """The protocol's output lines for one game."""
    stacks = [[] for _ in range(width)]  # one stack per column, bottom to top: stacks have no holes
    out = []
    combo = 1
    for piece, (p, s) in zip(pieces, placements):
        stack = stacks[p - 1]
        top = len(stack) + 3
        sticks_out = top >= height if bug == 'game-over-early' else top > height
        # The game-over check comes first, for magic pieces too, even though they never stay.
        if sticks_out and not (piece == MAGIC and bug == 'magic-no-game-over'):
            out.append('over')
            break
        points = 0
        if piece == MAGIC:
            if stack:  # on the floor it has no color to clear
                color = stack[-1]
                points += POINTS * sum(column.count(color) for column in stacks)
                stacks = [[jewel for jewel in column if jewel != color] for column in stacks]
        else:
            s = -s if bug == 'shift-backwards' else s
            stack.extend(piece[s:] + piece[:s])  # s shifts: the bottom jewel to the top, s times

        if bug != 'combo-carries':  # every piece's chain starts over at 1, also after magic
            combo = 1
        while True:
            matches, marked = find_matches(stacks, bug)
            if not matches:
                break
            points += POINTS * (1 if bug == 'flat-combo' else combo) * matches
            # Every matched jewel goes at once; the jewels above fall.
            stacks = [[jewel for y, jewel in enumerate(column) if (x, y) not in marked]
                      for x, column in enumerate(stacks)]
            combo += 1

        out.append(str(points))
        out.extend(''.join(column[y] if y < len(column) else '.' for column in stacks)
                   for y in reversed(range(height)))
    return out


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
        pieces = [next(tokens) for _ in range(int(next(tokens)))]
        placements = [(int(next(tokens)), int(next(tokens))) for _ in range(int(next(tokens)))]
        out = play_game(width, height, pieces, placements, bug)
        if out:
            sys.stdout.write('\n'.join(out) + '\n')
        sys.stdout.flush()  # one game's answers at a time, so a runner can read them as they come


if __name__ == '__main__':
    main()
