/**
 * The optional peer packages: the job queue's (bullmq, ioredis) and the plots' (vega, vega-lite).
 * They are most of what the package would otherwise install, and only `--queue` and `--plot` use
 * them, so they are imported when used; a missing one is named in one line that says what to
 * install.
 */

/** What needs optional packages: the option that uses them and the packages. */
export interface OptionalFeature {
  readonly option: string;
  readonly packages: readonly string[];
}

/** The features that need optional packages. */
export const OPTIONAL_FEATURES: Readonly<Record<'queue' | 'plot', OptionalFeature>> = {
  queue: { option: '--queue', packages: ['bullmq', 'ioredis'] },
  plot: { option: '--plot', packages: ['vega', 'vega-lite'] },
};

/** A feature was used without its optional packages installed. */
export class MissingPackageError extends Error {
  constructor(readonly feature: OptionalFeature) {
    const names = feature.packages.join(' and ');
    super(`${feature.option} needs the optional packages ${names}: npm install ${feature.packages.join(' ')}`);
  }
}

/**
 * Runs `load` (the feature's `import()`s, written out so that bundlers and type checkers see
 * them); when one of the feature's packages is not installed, rejects with a
 * {@link MissingPackageError} instead. Any other failure is passed on as it is.
 */
export async function importOptional<T>(feature: OptionalFeature, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isMissing(error, feature.packages)) throw new MissingPackageError(feature);
    throw error;
  }
}

// Node's resolvers say "Cannot find package 'x'" (import) or "Cannot find module 'x'" (require);
// a package that is there but lacks a dependency of its own names that one instead, which is not
// this feature's to explain.
function isMissing(error: unknown, packages: readonly string[]): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  const message = String((error as Error).message);
  return packages.some((name) => message.includes(`'${name}'`));
}
