// The public surface is recorded in docs/public-api.md: an export added, removed or reshaped
// without updating that file (`npm run api-report`) fails here.
import { describe, expect, it } from 'vitest';
import { publicApiReport, REPORT_FILE } from '../../scripts/public-api.js';
import { readRepoFile } from '../support/repo.js';

describe('publicApiReport', () => {
  it(`should equal ${REPORT_FILE} (run npm run api-report after an intended change, and say so in the CHANGELOG)`, () => {
    expect(publicApiReport()).toBe(readRepoFile(REPORT_FILE));
  }, 60_000);

  it('should list the internals of the search nowhere', () => {
    const report = publicApiReport();
    for (const internal of ['Kernel', 'Survey', 'BEAM_MEMORY_BYTES', 'widestPassThatFits', 'INHERITED_POTENTIAL']) {
      expect(report).not.toMatch(new RegExp(`\\b${internal}\\b`));
    }
  }, 60_000);
});
