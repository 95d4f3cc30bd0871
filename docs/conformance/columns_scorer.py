#!/usr/bin/env python3
"""An example Columns scorer for `tilefall columns conform --scorer "python3 columns_scorer.py"`.

Protocol (docs/conformance.md): standard input holds any number of cases, read until it ends. A
case is a line `instance L` and L lines, the statement's input (`w h`, `k`, k pieces), then a line
`output M` and M lines, a bot's output exactly as it printed it (the statement's `t`, then t
lines `p s`, or anything else). For each case the scorer prints one line, the score the statement
gives that output: 0 when the output is invalid (a missing number, a token that is not
a whole number, `t` over k, a position outside 1..w or a shift outside 0..2, anything after the t
placements); otherwise the points of the game it plays, the columns after the t-th placed at
`1 0`, until the pieces run out or one sticks out of the field.

It plays the game with the example engine beside it (columns_engine.py).

`--bug NAME` plants one classic scorer bug, to watch `conform --scorer` catch it:
  no-defaults      the columns after the t-th are not played
  accepts-range    a position or a shift out of range is folded into range instead of invalid
  ignores-trailing text after the t placements is ignored
  plus-sign        a number written with a plus sign (`+1`) is read as a whole number
"""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from columns_engine import play_game  # noqa: E402

BUGS = ('no-defaults', 'accepts-range', 'ignores-trailing', 'plus-sign')


def whole(token, bug):
    """The token's value when it is a whole number (digits only), else None."""
    pattern = r'\+?[0-9]+' if bug == 'plus-sign' else r'[0-9]+'
    return int(token) if re.fullmatch(pattern, token) else None


def read_placements(tokens, width, pieces, bug):
    """The output's placements, or None when the output is invalid."""
    if not tokens:
        return None
    t = whole(tokens[0], bug)
    if t is None or t > pieces or len(tokens) < 1 + 2 * t:
        return None
    if len(tokens) > 1 + 2 * t and bug != 'ignores-trailing':
        return None
    placements = []
    for i in range(t):
        p, s = whole(tokens[1 + 2 * i], bug), whole(tokens[2 + 2 * i], bug)
        if p is None or s is None:
            return None
        if bug == 'accepts-range':
            p, s = min(max(p, 1), width), s % 3
        elif not (1 <= p <= width and 0 <= s <= 2):
            return None
        placements.append((p, s))
    return placements


def score(instance_text, output_text, bug):
    words = instance_text.split()
    width, height, k = int(words[0]), int(words[1]), int(words[2])
    pieces = words[3:3 + k]
    placements = read_placements(output_text.split(), width, k, bug)
    if placements is None:
        return 0
    if bug != 'no-defaults':
        placements += [(1, 0)] * (k - len(placements))
    lines = play_game(width, height, pieces[:len(placements)], placements, None)
    # For each piece played: its points, then the h rows of the field; `over` ends the game.
    return sum(int(line) for line in lines[::height + 1] if line != 'over')


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--bug', metavar='NAME', help='plant one of the bugs listed above')
    args = parser.parse_args()
    if args.bug is not None and args.bug not in BUGS:
        print(f'unknown bug {args.bug!r} (known: {", ".join(BUGS)})', file=sys.stderr)
        sys.exit(2)
    lines = sys.stdin.read().split('\n')
    i = 0
    while i < len(lines) and lines[i].strip() != '':
        blocks = []
        for name in ('instance', 'output'):
            header = lines[i].split()
            if header[:1] != [name]:
                print(f'line {i + 1}: expected "{name} L"', file=sys.stderr)
                sys.exit(2)
            count = int(header[1])
            blocks.append('\n'.join(lines[i + 1:i + 1 + count]))
            i += 1 + count
        print(score(blocks[0], blocks[1], args.bug), flush=True)


if __name__ == '__main__':
    main()
