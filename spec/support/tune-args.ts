// The command line of a spec's `tilefall samegame tune` run: small by default, so that every spec
// names only what its run is about.

/** Files and sizes of a spec's tune run; what is omitted takes the small default. */
export interface SpecTuneRun {
  readonly train: string;
  readonly validate: string;
  readonly out: string;
  readonly population?: number | string;
  readonly generations?: number | string;
  readonly nodes?: number | string;
}

/** `samegame tune` with 2 genomes, 1 generation, 500 nodes and a final choice of 2 on 1 seed set, then `extra`. */
export function specTuneArgs(run: SpecTuneRun, ...extra: string[]): string[] {
  const { train, validate, out, population = 2, generations = 1, nodes = 500 } = run;
  return [
    'samegame',
    'tune',
    '--train',
    train,
    '--validate',
    validate,
    '--population',
    String(population),
    '--generations',
    String(generations),
    '--nodes',
    String(nodes),
    '--final-candidates',
    '2',
    '--final-repeats',
    '1',
    '--out',
    out,
    ...extra,
  ];
}
