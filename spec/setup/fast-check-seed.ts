// One fast-check seed for the whole run: fixed in CI (or FC_SEED), random locally for more
// coverage. fast-check prints the seed and counterexample path of any failure, and we print the
// run's seed up front so a failure elsewhere can be replayed with FC_SEED=<seed> npm test.
import fc from 'fast-check';

const CI_SEED = 20261121;
const fromEnv = process.env.FC_SEED;
const seed =
  fromEnv !== undefined && fromEnv !== '' ? Number(fromEnv) : process.env.CI ? CI_SEED : Date.now() % 2 ** 31;
if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer, got "${fromEnv}"`);

fc.configureGlobal({ seed, numRuns: Number(process.env.FC_NUM_RUNS ?? 100) });
if (!(globalThis as { __fcSeedPrinted?: boolean }).__fcSeedPrinted) {
  (globalThis as { __fcSeedPrinted?: boolean }).__fcSeedPrinted = true;
  console.info(`fast-check seed ${seed} (replay with FC_SEED=${seed})`);
}
