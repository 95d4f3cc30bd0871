// The processes a spec's hostile program left behind, found by a marker in their command line
// (e.g. `sleep 300.0417s`) or their environment (`TILEFALL_SPEC_MARKER=…`, for a program whose
// command line the spec does not choose, as `sleep infinity`), polled for a while since a killed
// process takes a moment to go: a
// process still there at the deadline fails the test instead of hanging it, and is killed then,
// so that a failing test leaks nothing either.
import { readdirSync, readFileSync } from 'node:fs';

/** The running (not zombie) processes whose command line or environment holds `marker`, this one's excepted. */
export function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const command = readFileSync(`/proc/${name}/cmdline`, 'latin1').split('\0').join(' ');
      const environment = readFileSync(`/proc/${name}/environ`, 'latin1');
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if ((command.includes(marker) || environment.includes(marker)) && state !== 'Z') found.push(Number(name));
    } catch {
      // Gone while it was read.
    }
  }
  return found;
}

/**
 * The processes holding `marker` still running after up to `deadlineMs` (none, once they are all
 * gone); any still there are killed before this resolves.
 */
export async function leftBehind(marker: string, deadlineMs = 10_000): Promise<number[]> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const left = processesWith(marker);
    if (left.length === 0) return [];
    if (Date.now() >= until) {
      for (const pid of left) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone meanwhile.
        }
      }
      return left;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let markers = 0;

/**
 * A marker no other process shares: a sleep's length (`sleep MARKER`) no one else asks for, of this
 * spec process and a count, ending in `s` so that no marker is the start of another.
 */
export function sleepMarker(): string {
  markers++;
  return `300.${process.pid}0${markers}s`;
}
