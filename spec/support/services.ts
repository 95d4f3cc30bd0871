// The real services some specs need, each from a Debian package: whether it can run here (tried,
// not only looked for), and which spec files need it. On a machine without them `npm test` leaves
// those files out with one line each naming the package to install; under CI (`.ci/run`, which
// installs both, sets CI) nothing is left out, so a missing service fails its specs instead.
import { execFileSync } from 'node:child_process';

/** A service from a Debian package, the command that shows it runs, and the spec files that need it. */
export interface Service {
  readonly package: string;
  readonly probe: readonly string[];
  readonly specs: readonly string[];
}

export const SERVICES: readonly Service[] = [
  {
    package: 'redis-server',
    probe: ['/usr/bin/redis-server', '--version'],
    specs: [
      'spec/tuner/queue.spec.ts',
      'spec/tuner/queue-bot.spec.ts',
      'spec/tuner/queue-faults.long.spec.ts',
      'spec/tuner/queue-auth.long.spec.ts',
      'spec/samegame/node/solve-queue.spec.ts',
      'spec/cli/worker-command.spec.ts',
    ],
  },
  {
    package: 'chromium',
    probe: ['/usr/bin/chromium', '--headless', '--no-sandbox', '--disable-gpu', '--dump-dom', 'about:blank'],
    specs: ['spec/view/page.spec.ts', 'spec/package/browser-bundle.spec.ts'],
  },
];

/** Why `service` cannot run here (its probe fails), or undefined when it can. */
export function serviceProblem(service: Service): string | undefined {
  try {
    execFileSync(service.probe[0], service.probe.slice(1), { stdio: 'ignore', timeout: 60_000 });
    return undefined;
  } catch (error) {
    const { code, status } = error as { code?: string; status?: number | null };
    if (code === 'ENOENT') return `${service.probe[0]} is not installed`;
    return `${service.probe.join(' ')} failed${status === null || status === undefined ? '' : ` (exit ${status})`}`;
  }
}

/**
 * The spec files to leave out on this machine, each with the line that says why: none under CI,
 * where a missing service must fail rather than pass unseen.
 */
export function specsWithoutTheirService(
  ci: boolean,
  services: readonly Service[] = SERVICES,
): { file: string; line: string }[] {
  if (ci) return [];
  return services.flatMap((service) => {
    const problem = serviceProblem(service);
    if (problem === undefined) return [];
    return service.specs.map((file) => ({
      file,
      line: `skipped ${file}: ${problem}; install Debian's ${service.package} (apt-get install ${service.package}), as .ci/run does`,
    }));
  });
}
