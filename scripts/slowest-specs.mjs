// `npm run test:slowest`: the ten slowest spec files of the last run, from vitest's JSON reports
// (both suites when both ran), so that the next slow spec is seen the day it lands.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const reports = process.argv.length > 2 ? process.argv.slice(2) : ['reports/vitest.json', 'reports/vitest-long.json'];
const files = [];
let read = 0;
for (const report of reports) {
  if (!existsSync(report)) continue;
  read++;
  const { testResults = [] } = JSON.parse(readFileSync(report, 'utf8'));
  for (const file of testResults)
    files.push({ seconds: (file.endTime - file.startTime) / 1000, name: relative(process.cwd(), file.name), report });
}
if (read === 0) {
  console.error(`slowest-specs: no report at ${reports.join(' or ')}: run npm test first`);
  process.exit(2);
}
files.sort((a, b) => b.seconds - a.seconds);
const total = files.reduce((sum, file) => sum + file.seconds, 0);
console.log(`${files.length} spec files, ${total.toFixed(0)} s in all; the ten slowest:`);
for (const file of files.slice(0, 10))
  console.log(
    `${file.seconds.toFixed(1).padStart(7)} s  ${file.name}${file.report.includes('long') ? '  (test:long)' : ''}`,
  );
