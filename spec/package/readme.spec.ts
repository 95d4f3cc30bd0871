// The README documents what the code has: every weight of both games, every command.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { columnsCommands } from '../../lib/cli/columns/index.js';
import { samegameCommands } from '../../lib/cli/samegame/index.js';
import * as columns from '../../lib/columns/search/weights.js';
import * as samegame from '../../lib/samegame/search/weights.js';
import { REPO_DIR } from '../support/repo.js';

const readme = readFileSync(`${REPO_DIR}README.md`, 'utf8');

describe('README', () => {
  it.each([
    ...samegame.WEIGHT_NAMES.map((n) => [n, samegame.WEIGHT_DOCS[n]]),
    ...columns.WEIGHT_NAMES.map((n) => [n, columns.WEIGHT_DOCS[n]]),
  ])('should document the weight %s as the code does', (name, doc) => {
    expect(readme).toContain(`| \`${name}\` | ${doc}`);
  });

  it.each([
    ...samegameCommands.map((c) => ['samegame', c.command]),
    ...columnsCommands.map((c) => ['columns', c.command]),
  ])('should show the command tilefall %s %s', (game, command) => {
    expect(readme).toContain(`tilefall ${game} ${command}`);
  });
});
