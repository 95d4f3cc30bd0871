/**
 * `tilefall columns verify`: the score the statement defines for an input and an output. An
 * output that breaks the format is a verdict (valid: false, score 0, exit 1), as the statement
 * scores it; an unreadable file or a malformed input is unusable (exit 2).
 */

import { formatField } from '../../columns/engine/field.js';
import type { Instance } from '../../columns/engine/instance.js';
import { judgeOutput, type Verdict } from '../../columns/engine/referee.js';
import { escapeControlCharacters, terminalJson } from '../../core/control-characters.js';
import { defineCommand } from '../command.js';
import { EXIT } from '../input-error.js';
import { OPTIONS, textOption } from '../options.js';
import { readInputText, readInstanceFile } from '../read-input.js';

export const verifyCommand = defineCommand({
  name: 'verify',
  describe: 'score an output for an input as the statement defines',
  options: {
    input: textOption({ demandOption: true, describe: 'the test: w h, k, then k columns' }),
    output: textOption({ demandOption: true, describe: 'the bot output: t, then t lines "p s"' }),
    json: OPTIONS.json,
  },
  examples: [['$0 columns verify --input datasets/columns/sample.txt --output out.txt --json', 'score an output']],
  run: (options) => {
    const instance = readInstanceFile(options.input);
    const verdict = judgeOutput(instance, readInputText(options.output));
    const json = columnsVerdictJson(verdict, options.output);
    process.stdout.write(options.json ? `${terminalJson(json)}\n` : columnsVerdictText(json, verdict, instance));
    return verdict.valid ? EXIT.ok : EXIT.verdictError;
  },
});

/** The `--json` contract of `columns verify`. */
export function columnsVerdictJson(verdict: Verdict, outputFile: string) {
  if (!verdict.valid) {
    const error = `${outputFile} line ${verdict.error.line}: ${verdict.error.message}`;
    return { score: 0, valid: false, error, played: 0, gameOver: false, gameOverAt: null, field: [] as string[] };
  }
  return {
    score: verdict.score,
    valid: true,
    error: null,
    played: verdict.pointsPerColumn.length,
    gameOver: verdict.gameOverAt !== null,
    gameOverAt: verdict.gameOverAt,
    field: formatField(verdict.field),
  };
}

function columnsVerdictText(json: ReturnType<typeof columnsVerdictJson>, verdict: Verdict, instance: Instance): string {
  // The error quotes the output's own text: safe for a terminal, as judge shows it.
  if (!verdict.valid) return `invalid output, score 0: ${escapeControlCharacters(json.error ?? '')}\n`;
  return [
    `score     ${json.score}`,
    `played    ${json.played} of ${instance.pieces.length} columns (${verdict.placements.length} placed by the output, the rest at 1 0)`,
    `game over ${json.gameOver ? `yes, at column ${json.gameOverAt}` : 'no'}`,
    'field (columns left to right, jewels bottom to top)',
    ...json.field.map((c, i) => `  ${String(i + 1).padStart(2)} ${c}`),
    '',
  ].join('\n');
}
