import { describe, expect, it } from 'vitest';
import { type Service, serviceProblem, specsWithoutTheirService } from './services.js';

const missing: Service = {
  package: 'no-such-package',
  probe: ['/no/such/binary', '--version'],
  specs: ['spec/a.spec.ts'],
};
const broken: Service = { package: 'coreutils', probe: ['false'], specs: ['spec/b.spec.ts', 'spec/c.spec.ts'] };
const working: Service = { package: 'coreutils', probe: ['true'], specs: ['spec/d.spec.ts'] };

describe('serviceProblem', () => {
  it('should tell a program that is not installed from one that fails, and find nothing wrong with one that runs', () => {
    expect(serviceProblem(missing)).toBe('/no/such/binary is not installed');
    expect(serviceProblem(broken)).toBe('false failed (exit 1)');
    expect(serviceProblem(working)).toBeUndefined();
  });
});

describe('specsWithoutTheirService', () => {
  it('should leave out the specs of a service that cannot run, each with a line naming its package', () => {
    expect(specsWithoutTheirService(false, [missing, broken, working])).toEqual([
      {
        file: 'spec/a.spec.ts',
        line: "skipped spec/a.spec.ts: /no/such/binary is not installed; install Debian's no-such-package (apt-get install no-such-package), as .ci/run does",
      },
      {
        file: 'spec/b.spec.ts',
        line: expect.stringMatching(/^skipped spec\/b\.spec\.ts: false failed \(exit 1\); install /),
      },
      { file: 'spec/c.spec.ts', line: expect.stringMatching(/^skipped spec\/c\.spec\.ts: /) },
    ]);
  });

  it('should leave nothing out under CI, where a missing service must fail its specs', () => {
    expect(specsWithoutTheirService(true, [missing, broken])).toEqual([]);
  });
});
