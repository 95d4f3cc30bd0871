// Prints the closing line CI reads, "N passed, N failed", from vitest's JSON reports (each file
// given: `npm test`'s and `npm run test:long`'s), summed.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.log(`no vitest report at ${file}: ${error.message}`);
    failed++;
    continue;
  }
  passed += report.numPassedTests ?? 0;
  // A spec file that fails without a failed test (it fails to load, or a hook fails and its tests
  // are skipped, as when a service it needs is missing) counts as one failure.
  const brokenFiles = (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  failed += (report.numFailedTests ?? 0) + brokenFiles;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
