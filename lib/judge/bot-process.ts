/**
 * A bot under test as a child process: its answers read line by line with the time each took,
 * its stderr kept apart (the last lines, for the report), its processes' memory watched (killed
 * over the limit), and all its processes killed when the game ends or it exits, so a bot that
 * hangs or forks never outlives its game (process-group.ts).
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { type GroupLimits, type GroupProcess, spawnInGroup } from './process-group.js';

/** How a wait for an answer line ended. */
export type Answer =
  | { readonly kind: 'line'; readonly line: string; readonly ms: number }
  | { readonly kind: 'timeout'; readonly ms: number }
  | { readonly kind: 'closed'; readonly ms: number; readonly exitCode: number | null; readonly signal: string | null };

/** Bytes of stdout held unread before reading stops. */
const MAX_PENDING_BYTES = 1 << 20;

/**
 * How long a program whose output closed is given to exit, for the report's exit code: it can
 * answer nothing more, so the rest of its limit is not waited out (a `conform` run that shrinks a
 * game plays it again and again, each try waiting the whole limit).
 */
const EXIT_GRACE_MS = 1000;

/** A running bot. */
export class BotProcess {
  private readonly process: GroupProcess;
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private readonly lines: { line: string; at: number }[] = [];
  private waiter: (() => void) | undefined;
  private exit: { exitCode: number | null; signal: string | null } | undefined;
  private outputClosed = false;
  private startedError: Error | undefined;
  private readonly closed: Promise<void>;

  /** Starts `argv` with `variables` added to its environment (process-group.ts builds the rest). */
  constructor(argv: readonly string[], variables: Readonly<Record<string, string>> = {}, limits: GroupLimits = {}) {
    this.process = spawnInGroup(argv, variables, limits);
    this.child = this.process.child;
    this.closed = new Promise((resolve) => this.child.once('close', () => resolve()));
    this.child.stdout.on('data', (chunk: string) => this.receive(chunk));
    // Closed without an end when the judge stops reading the output of a bot that exited.
    for (const event of ['end', 'close']) {
      this.child.stdout.once(event, () => {
        this.outputClosed = true;
        this.wake();
      });
    }
    this.child.on('exit', (exitCode, signal) => {
      this.exit = { exitCode, signal };
      this.wake();
    });
    this.child.on('error', (error) => {
      this.startedError = error;
      this.exit = { exitCode: null, signal: null };
      this.outputClosed = true;
      this.wake();
    });
  }

  /** Why the program could not be started (missing, not executable), if it could not. */
  get startError(): Error | undefined {
    return this.startedError;
  }

  /**
   * Writes `text` to the bot's stdin; resolves, once written, with the monotonic time it was
   * handed to the pipe: the turn's clock starts there, as the site's starts when it sends the
   * input, whether the bot reads it yet or not. (The write's callback comes a loop turn later,
   * late enough on a judge busy starting up that a bot's start-up went uncharged.)
   */
  write(text: string): Promise<number> {
    return new Promise((resolve) => {
      if (this.child.stdin.destroyed || !this.child.stdin.writable) {
        resolve(performance.now());
        return;
      }
      let sent = Number.NaN;
      this.child.stdin.write(text, () => resolve(sent));
      sent = performance.now();
    });
  }

  /** Closes the bot's stdin (a one-turn bot then has all its input). */
  endInput(): void {
    this.child.stdin.end();
  }

  /** The next answer line, waiting at most `limitMs` from `since` (a monotonic time). */
  async nextLine(since: number, limitMs: number): Promise<Answer> {
    for (;;) {
      const next = this.lines.shift();
      if (next !== undefined) {
        this.resume();
        // A line printed ahead, before this turn's input was sent, took no time of the turn.
        return { kind: 'line', line: next.line, ms: Math.max(0, next.at - since) };
      }
      const now = performance.now();
      // A bot that exited may still have an answer in the pipe: it is read until the output closes.
      if (this.outputClosed) {
        // Whatever it printed last without a newline is still an answer, as a line reader sees it.
        if (this.buffer !== '') {
          const line = this.buffer;
          this.buffer = '';
          return { kind: 'line', line, ms: now - since };
        }
        // Its output is closed: give it a moment (within the limit) to exit, for the report's exit code.
        if (this.exit === undefined) {
          // The timer is cleared once the bot exits: a pending one would hold the judge's process open.
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            new Promise((resolve) => this.child.once('exit', resolve)),
            new Promise((resolve) => {
              timer = setTimeout(resolve, Math.min(EXIT_GRACE_MS, Math.max(0, since + limitMs - now)));
            }),
          ]);
          clearTimeout(timer);
        }
        const { exitCode = null, signal = null } = this.exit ?? {};
        return { kind: 'closed', ms: now - since, exitCode, signal };
      }
      const left = since + limitMs - now;
      if (left <= 0) return { kind: 'timeout', ms: now - since };
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = undefined;
    }
  }

  /** The last lines the bot wrote to stderr. */
  stderrTail(): string[] {
    return this.process.stderrTail();
  }

  /**
   * Kills the bot and every process it started, whether it is still running or not, and stops
   * reading its answers (the game is over: what a flooding bot left in the pipe is not waited for).
   */
  kill(): void {
    this.process.kill();
    this.child.stdout.destroy();
  }

  /** The peak resident memory of the bot's processes so far, MB (null before a sample saw them). */
  peakMemoryMb(): number | null {
    return this.process.peakMemoryMb();
  }

  /** True once the bot's processes went over the memory limit (it was killed for it). */
  overMemory(): boolean {
    return this.process.overMemory();
  }

  /**
   * Resolves once the process has exited and its output is closed (after {@link kill}, soon), so
   * that its stderr is read to the end.
   */
  exited(): Promise<void> {
    return this.closed;
  }

  private receive(chunk: string): void {
    const at = performance.now();
    this.buffer += chunk;
    for (let newline = this.buffer.indexOf('\n'); newline >= 0; newline = this.buffer.indexOf('\n')) {
      this.lines.push({ line: this.buffer.slice(0, newline).replace(/\r$/, ''), at });
      this.buffer = this.buffer.slice(newline + 1);
    }
    // A bot that floods its output is not read further until the harness catches up.
    if (this.buffer.length + this.lines.length * 16 > MAX_PENDING_BYTES) this.child.stdout.pause();
    this.wake();
  }

  private resume(): void {
    if (this.child.stdout.isPaused() && this.lines.length < 1024) this.child.stdout.resume();
  }

  private wake(): void {
    this.waiter?.();
  }
}
