/**
 * `tilefall columns compare`: two weight sets on the same instances, at the contest clock or a
 * node budget, as a paired difference (lib/columns/node/compare.ts): a row per instance as it is
 * done, and the summary under them.
 */

import { instanceColors } from '../../columns/engine/instance.js';
import { readInstances } from '../../columns/engine/text.js';
import { compareWeights } from '../../columns/node/compare.js';
import { DEFAULT_WEIGHTS } from '../../columns/search/weights.js';
import { terminalJson } from '../../core/control-characters.js';
import { defineCommand } from '../command.js';
import { EXIT, InputFailure } from '../input-error.js';
import { OPTIONS, oneBudget, positiveOption, textOption } from '../options.js';
import { comparisonLine } from '../paired-comparison.js';
import { readInputText } from '../read-input.js';
import { tableRow } from '../table-row.js';
import { readColumnsWeights, readOptionalColumnsWeights, solverBudget } from './solver-inputs.js';
import { DEFAULT_COLUMNS_SECONDS, EXIT_MARGIN_MS } from './time.js';

/** Search seconds a solve gets by default: what the submission keeps for its search of the contest's 3.5 s (3.3). */
export const COMPARE_DEFAULT_SECONDS = DEFAULT_COLUMNS_SECONDS - EXIT_MARGIN_MS / 1000;

export const compareCommand = defineCommand({
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
    const parsed = readInstances(readInputText(options.dataset));
    if (!parsed.ok) {
      throw new InputFailure({ file: options.dataset, line: parsed.error.line, message: parsed.error.message });
    }
    const weights = {
      a: readOptionalColumnsWeights(options.a) ?? DEFAULT_WEIGHTS,
      b: readColumnsWeights(options.b),
    };
    const budget = solverBudget(options.nodes, 1000 * (options.time ?? COMPARE_DEFAULT_SECONDS));
    const out = (line: string) => process.stdout.write(`${line}\n`);
    const widths = [3, 7, 6, 8, 9, 9, 9];
    const row = (values: readonly (string | number)[]) => tableRow(widths, values);
    if (!options.json) out(row(['#', 'field', 'k', 'colors', 'A', 'B', 'B - A']));
    const instances = parsed.value;
    const { rows, summary } = compareWeights(instances, weights, budget, ({ a, b }, i) => {
      if (options.json) return;
      const instance = instances[i];
      const field = `${instance.width}x${instance.height}`;
      out(row([i + 1, field, instance.pieces.length, instanceColors(instance).length, a, b, b - a]));
    });
    if (options.json) {
      out(terminalJson({ ...summary, instances: rows.map((r, i) => ({ instance: i + 1, ...r })) }));
      return EXIT.ok;
    }
    out(comparisonLine(summary, 'an instance'));
    return EXIT.ok;
  },
});
