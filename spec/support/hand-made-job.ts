// A SameGame bot tuning job written by hand, as anyone who can reach Redis could add one: the
// demo board at seed 9 and one node, with the fields a spec varies given.
import { readRepoFile } from './repo.js';

/** A `samegame-bot` job's data for the tuning queue, `fields` over the shared ones. */
export function handMadeBotJob(fields: {
  readonly run: string;
  readonly weights: Readonly<Record<string, number>>;
  readonly fingerprint: string | undefined;
  readonly config: Readonly<Record<string, unknown>>;
  readonly [extra: string]: unknown;
}): Record<string, unknown> {
  return {
    format: 'tilefall-evaluation',
    version: JSON.parse(readRepoFile('package.json')).version,
    game: 'samegame-bot',
    nodes: 1,
    items: [{ instance: readRepoFile('datasets/samegame/demo-board.txt'), seed: 9 }],
    ...fields,
  };
}
