/**
 * A failed game's detail in one line, as `judge` shows it: how the process ended (exit code or
 * signal), the referee's message, the limit it went over, and the last line it wrote to stderr.
 * A tuning run records it with the game's failure, so that a report (and a run stopped because
 * its program never plays) says why, not only how many.
 */
import { escapeControlCharacters } from '../core/control-characters.js';
import type { ProgramReport } from './columns.js';
import type { BotGameReport } from './samegame.js';

/** The longest detail kept: a line of a report, not a program's whole output. */
export const MAX_DETAIL = 300;

/** `text` on one line, its control characters escaped, cut at {@link MAX_DETAIL} characters. */
function shortLine(text: string): string {
  const line = escapeControlCharacters(text.trim());
  return line.length > MAX_DETAIL ? `${line.slice(0, MAX_DETAIL)}…` : line;
}

/** `what`, and the last stderr line after it when there is one. */
function withStderr(what: string, stderr: readonly string[]): string {
  const last = stderr[stderr.length - 1];
  return shortLine(last === undefined ? what : `${what}; stderr: ${last}`);
}

/** How a process ended: `exit code 1`, `signal SIGSEGV`. */
const howEnded = (exitCode: number | null, signal: string | null): string =>
  signal ? `signal ${signal}` : `exit code ${exitCode}`;

/** The detail of a SameGame bot's failed game, or undefined for a game that did not fail. */
export function sameGameFailureDetail(report: BotGameReport): string | undefined {
  const turn = `turn ${report.failedTurn}`;
  switch (report.end) {
    case 'error':
      return report.error === undefined
        ? undefined
        : withStderr(`action ${report.error.action} ${report.error.code}: ${report.error.message}`, report.stderr);
    case 'timeout':
      return withStderr(`${turn}: no answer within ${report.timeoutMs} ms`, report.stderr);
    case 'crash': {
      const crash = report.crash;
      const how = crash === undefined ? '' : ` (${howEnded(crash.exitCode, crash.signal)})`;
      return withStderr(`${turn}: ${crash?.reason ?? 'crashed'}${how}`, report.stderr);
    }
    case 'memory':
      return withStderr(`${turn}: over the memory limit of ${report.memoryLimitMb} MB`, report.stderr);
    default:
      return undefined;
  }
}

/** The detail of a Columns program's failed run under `limits`, or undefined for a scored one. */
export function columnsFailureDetail(
  report: ProgramReport,
  limits: { readonly timeMs: number; readonly memoryMb: number },
): string | undefined {
  switch (report.end) {
    case 'invalid':
      return report.verdict === undefined || report.verdict.valid
        ? withStderr('invalid output', report.stderr)
        : withStderr(`line ${report.verdict.error.line}: ${report.verdict.error.message}`, report.stderr);
    case 'crash':
      return withStderr(howEnded(report.exitCode, report.signal), report.stderr);
    case 'timeout':
      return withStderr(`killed at ${limits.timeMs} ms`, report.stderr);
    case 'memory':
      return withStderr(`killed over the memory limit of ${limits.memoryMb} MB`, report.stderr);
    default:
      return undefined;
  }
}
