// Types of clone-build.mjs, for the specs that use it.

/** The clone's builds, one folder a fingerprint, under the clone's root. */
export declare const BUILD_ROOT: string;
/** Every source file's path, size and modification time, one a line: what a build was made from. */
export declare function sourceFingerprint(repoDir: string): string;
/**
 * The folder of the clone's build of its current sources, built first if there is none; throws an
 * error with `inSource` set when a source does not compile.
 */
export declare function currentBuild(repoDir: string): Promise<string>;
