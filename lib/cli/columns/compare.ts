/**
 * `tilefall columns compare`: two weight sets on the same instances, at the contest clock or a
 * node budget, as a paired difference. Each instance is solved with both sets back to back in
 * this process, the order alternating from one instance to the next, so that a shared host's
 * changing speed (on the development machine it moves by ±10 % within an hour) and the JIT's
 * warming fall on both alike. A tuner's held-out check runs at node budgets, which cannot see
 * that a weight set making fuller fields costs time per node; this is the check at the clock.
 */

import { instanceColors } from '../../columns/engine/instance.js';
import { parseInstances } from '../../columns/engine/text.js';
import { solve } from '../../columns/search/solver.js';
import { DEFAULT_WEIGHTS, WEIGHT_NAMES, type Weights } from '../../columns/search/weights.js';
import { defineCommand } from '../command.js';
import { EXIT, InputFailure } from '../input-error.js';
import { OPTIONS, oneBudget, positiveOption, textOption } from '../options.js';
import { type ComparedInstance, comparisonLine, summarizeComparison } from '../paired-comparison.js';
import { readInputText, readOptionalWeights, readWeightsFile } from '../read-input.js';
import { tableRow } from '../table-row.js';
import { DEFAULT_COLUMNS_SECONDS, EXIT_MARGIN_MS } from './time.js';

/** Search seconds a solve gets by default: what the submission keeps for its search of the contest's 3.5 s (3.3). */
export const COMPARE_DEFAULT_SECONDS = DEFAULT_COLUMNS_SECONDS - EXIT_MARGIN_MS / 1000;

export const columnsCompareCommand = defineCommand({
  name: 'compare',
  describe: 'two weight sets on the same instances, solved back to back, as a paired difference',
  options: {
    dataset: textOption({
      demandOption: true,
      describe: 'instances separated by "---" lines (not the bench: it is an exam)',
    }),
    a: textOption({ describe: 'weights JSON for side A (default: the shipped defaults)' }),
    b: textOption({ demandOption: true, describe: 'weights JSON for side B' }),
    time: positiveOption(600, { describe: `search seconds per solve (default ${COMPARE_DEFAULT_SECONDS})` }),
    nodes: OPTIONS.nodes,
    json: OPTIONS.json,
  },
  checks: [oneBudget],
  examples: [['$0 columns compare --dataset dev.txt --b tuned.json', 'the defaults against tuned.json at the clock']],
  run: (options) => {
    const parsed = parseInstances(readInputText(options.dataset));
    if (!parsed.ok) {
      throw new InputFailure({ file: options.dataset, line: parsed.error.line, message: parsed.error.message });
    }
    // The color rules apply to both sides inside solve, as in the submission.
    const weightsA: Weights = readOptionalWeights(options.a, WEIGHT_NAMES) ?? DEFAULT_WEIGHTS;
    const weightsB: Weights = readWeightsFile(options.b, WEIGHT_NAMES);
    const budget =
      options.nodes !== undefined
        ? { nodes: options.nodes }
        : { timeMs: 1000 * (options.time ?? COMPARE_DEFAULT_SECONDS) };
    const out = (line: string) => process.stdout.write(`${line}\n`);
    const widths = [3, 7, 6, 8, 9, 9, 9];
    const row = (values: readonly (string | number)[]) => tableRow(widths, values);
    if (!options.json) out(row(['#', 'field', 'k', 'colors', 'A', 'B', 'B - A']));
    const rows: (ComparedInstance & { instance: number })[] = [];
    for (const [i, instance] of parsed.value.entries()) {
      const score = (weights: Weights) => {
        const solution = solve(instance, { budget, weights, recheck: false });
        if (!solution.ok) throw new Error(`instance ${i + 1}: ${solution.error.message}`);
        return solution.value.score;
      };
      // Alternate which side goes first, so neither always meets a warmer JIT or a calmer host.
      const bFirst = i % 2 === 1;
      const early = score(bFirst ? weightsB : weightsA);
      const late = score(bFirst ? weightsA : weightsB);
      const [a, b] = bFirst ? [late, early] : [early, late];
      rows.push({ instance: i + 1, a, b });
      if (!options.json) {
        const field = `${instance.width}x${instance.height}`;
        out(row([i + 1, field, instance.pieces.length, instanceColors(instance).length, a, b, b - a]));
      }
    }
    const summary = summarizeComparison(rows);
    if (options.json) {
      out(JSON.stringify({ ...summary, instances: rows }));
      return EXIT.ok;
    }
    out(comparisonLine(summary, 'an instance'));
    return EXIT.ok;
  },
});
