/**
 * `tilefall <game> vectors`: test vectors for a user's CI, checked with `diff` and no Node: each
 * game as `conform` would send it (`NNN.in`) and what a correct engine prints (`NNN.out`), with
 * an index naming the corners each vector reaches and the vectors that show each reading of an
 * open rule. Readings the drawn games miss are covered by games drawn further on the same seed.
 */

import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { packageVersion } from '../node/package-root.js';
import type { Bounds } from '../testing/bounds.js';
import { formatBounds } from '../testing/bounds.js';
import type { ConformanceProtocol } from '../testing/conformance-protocol.js';
import { uncoveredReadings } from '../testing/reading-coverage.js';
import { type CliCommand, defineCommand } from './command.js';
import { type BoundsOptions, drawGames, gamesOptions } from './conform-command.js';
import { EXIT } from './input-error.js';
import { outputOption } from './options.js';
import { makeFolder } from './output-path.js';
import { countOf, grouped } from './table-row.js';
import { writeTextOutput } from './write-output.js';

/** One vector: its game, the corners it reaches, and why it is there. */
interface Vector<G> {
  readonly game: G;
  readonly corners: readonly string[];
  /** Set for a game added to cover readings the drawn games missed. */
  readonly addedFor?: readonly string[];
}

/** How many games of the seed's stream are searched for games that show a reading the drawn ones miss. */
const searchedGames = (drawn: number): number => Math.max(drawn * 50, 5000);

/** `vectors` for one game's protocol. */
export function vectorsCommand<G, O extends { width?: Bounds; height?: Bounds; colors?: Bounds }>(
  protocol: ConformanceProtocol<G, O>,
  bounds: BoundsOptions,
  examples: readonly (readonly [string, string])[],
): CliCommand {
  return defineCommand({
    name: 'vectors',
    describe: 'write test vectors (NNN.in, NNN.out and an index) to check an engine with diff',
    options: {
      ...gamesOptions(bounds, 50),
      out: outputOption('folder', {
        demandOption: true,
        describe: 'directory to write the vectors to (made if missing)',
      }),
    },
    examples,
    run: (options) => {
      const gameOptions = { width: options.width, height: options.height, colors: options.colors } as O;
      const { arbitrary, games } = drawGames(protocol, gameOptions, options.seed, options.games);
      const vectors = withReadingsCovered(protocol, arbitrary, games, options.seed);
      makeFolder(options.out);
      const digits = Math.max(3, String(vectors.length).length);
      const name = (i: number) => String(i + 1).padStart(digits, '0');
      vectors.forEach((vector, i) => {
        writeTextOutput(protocol.input(vector.game), join(options.out, `${name(i)}.in`));
        writeTextOutput(expectedText(protocol, vector.game), join(options.out, `${name(i)}.out`));
      });
      removeOtherVectors(options.out, vectors.length, name);
      const command = vectorsCommandLine(protocol.game, options);
      writeTextOutput(indexText(protocol, vectors, name, command), join(options.out, 'index.md'));
      const added = vectors.length - games.length;
      process.stdout.write(
        `wrote ${countOf(vectors.length, 'vector')} to ${options.out} (${games.length} drawn${added > 0 ? `, ${added} added to cover readings` : ''}); index: ${join(options.out, 'index.md')}\n`,
      );
      const missing = uncoveredReadings(protocol.readings, reachedCorners(vectors));
      if (missing.length > 0) {
        const searched = grouped(searchedGames(games.length));
        process.stderr.write(
          `tilefall: none of the ${searched} games searched within these bounds shows ${missing.join(', ')}\n`,
        );
      }
      return EXIT.ok;
    },
  });
}

/**
 * Removes the vector files of an earlier, longer run (`NNN.in`, `NNN.out` beyond this run's), so
 * that a check of `DIR/*.in` checks exactly the vectors the index lists.
 */
function removeOtherVectors(dir: string, written: number, name: (i: number) => string): void {
  const ours = new Set(Array.from({ length: written }, (_, i) => name(i)));
  for (const file of readdirSync(dir)) {
    const vector = /^(\d+)\.(in|out)$/.exec(file);
    if (vector !== null && !ours.has(vector[1])) rmSync(join(dir, file));
  }
}

/** What a correct engine prints for `game`: every step's lines. */
function expectedText<G>(protocol: ConformanceProtocol<G, unknown>, game: G): string {
  const lines = protocol.expected(game).flatMap((step) => step.lines);
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** The corners the vectors reach between them. */
function reachedCorners<G>(vectors: readonly Vector<G>[]): Set<string> {
  return new Set(vectors.flatMap((vector) => vector.corners));
}

/**
 * The drawn games, then, for each reading they miss, the first game further along the seed's
 * stream that reaches a missing corner of it (so the same seed always gives the same vectors).
 */
function withReadingsCovered<G>(
  protocol: ConformanceProtocol<G, unknown>,
  arbitrary: fc.Arbitrary<G>,
  games: readonly G[],
  seed: number,
): Vector<G>[] {
  const vectors: Vector<G>[] = games.map((game) => ({ game, corners: protocol.cornersOf(game) }));
  const reached = reachedCorners(vectors);
  // The corners of readings that the drawn games leave out.
  const missing = new Set(
    Object.values(protocol.readings).flatMap((coverage) =>
      'corners' in coverage ? coverage.corners.filter((corner) => !reached.has(corner)) : [],
    ),
  );
  if (missing.size === 0) return vectors;
  const further = fc.sample(arbitrary, { seed, numRuns: searchedGames(games.length) }).slice(games.length);
  for (const game of further) {
    if (missing.size === 0) break;
    const corners = protocol.cornersOf(game);
    const reaches = corners.filter((corner) => missing.has(corner));
    if (reaches.length === 0) continue;
    for (const corner of reaches) missing.delete(corner);
    vectors.push({ game, corners, addedFor: readingsOf(protocol, reaches) });
  }
  return vectors;
}

/** The readings whose corners include any of `corners`. */
function readingsOf<G>(protocol: ConformanceProtocol<G, unknown>, corners: readonly string[]): string[] {
  return Object.entries(protocol.readings)
    .filter(([, coverage]) => 'corners' in coverage && coverage.corners.some((corner) => corners.includes(corner)))
    .map(([name]) => name);
}

/** The command line that makes these vectors again. */
function vectorsCommandLine(
  game: string,
  options: { games: number; seed: number; width?: Bounds; height?: Bounds; colors?: Bounds },
): string {
  const bounds = (['width', 'height', 'colors'] as const)
    .filter((key) => options[key] !== undefined)
    .map((key) => ` --${key} ${formatBounds(options[key]!)}`)
    .join('');
  return `tilefall ${game} vectors --games ${options.games} --seed ${options.seed}${bounds} --out DIR`;
}

/** The index: how to use the vectors, which vectors show each reading, and each vector's corners. */
function indexText<G>(
  protocol: ConformanceProtocol<G, unknown>,
  vectors: readonly Vector<G>[],
  name: (i: number) => string,
  command: string,
): string {
  const lines = [
    `# ${protocol.game} test vectors`,
    '',
    `Made by \`${command}\` (tilefall ${packageVersion()}). Each \`NNN.in\` is a game as`,
    `\`tilefall ${protocol.game} conform\` sends it; \`NNN.out\` is what a correct engine prints for it`,
    '(docs/conformance.md in the tilefall repository is the protocol). To check an engine:',
    '',
    '```sh',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell loop's ${f%.in}, not a template
    'for f in DIR/*.in; do ./my-engine < "$f" | diff -b "${f%.in}.out" - > /dev/null || echo "differs: $f"; done',
    '```',
    '',
    '## Readings of open rules',
    '',
    '| reading | where it shows |',
    '| --- | --- |',
    ...Object.entries(protocol.readings).map(([reading, coverage]) => {
      if ('every' in coverage) return `| ${reading} | every vector: ${coverage.every} |`;
      if ('outside' in coverage) return `| ${reading} | not in this protocol: ${coverage.outside} |`;
      const showing = coverage.corners.map((corner) => {
        const which = vectors.flatMap((v, i) => (v.corners.includes(corner) ? [name(i)] : []));
        return `${corner}: ${which.length === 0 ? 'none within these bounds' : which.join(', ')}`;
      });
      return `| ${reading} | ${showing.join('; ')} |`;
    }),
    '',
    '## Vectors',
    '',
    '| vector | game | corners |',
    '| --- | --- | --- |',
    ...vectors.map((v, i) => {
      const added = v.addedFor === undefined ? '' : ` (added for ${v.addedFor.join(', ')})`;
      return `| ${name(i)} | ${protocol.summary(v.game)}${added} | ${v.corners.join(', ')} |`;
    }),
  ];
  return `${lines.join('\n')}\n`;
}
