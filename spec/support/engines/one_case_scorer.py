#!/usr/bin/env python3
"""The example Columns scorer, reading only the first case of its input and then exiting."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../docs/conformance'))
from columns_scorer import score  # noqa: E402

lines = sys.stdin.read().split('\n')
instance_count = int(lines[0].split()[1])
instance = '\n'.join(lines[1:1 + instance_count])
output_at = 1 + instance_count
output_count = int(lines[output_at].split()[1])
output = '\n'.join(lines[output_at + 1:output_at + 1 + output_count])
print(score(instance, output, None))
