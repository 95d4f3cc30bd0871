/**
 * A user's Columns scorer run on a batch of cases, as `columns conform --scorer` runs it: started
 * once, sent every case at once with its input then closed (so a scorer that reads everything
 * before it answers works), and its scores read one line a case, each line within the time limit of
 * the one before. It runs as every program under test does (process-group.ts): its own session,
 * the cleaned environment, its memory watched, all its processes killed when the batch is done.
 */
import { formatInstance } from '../columns/engine/text.js';
import type { ScorerCase } from '../testing/columns-scorer-cases.js';
import { BotProcess } from './bot-process.js';
import type { EngineOptions } from './engine-games.js';
import { startFailure } from './process-group.js';

/** What the scorer printed for one case, or why it printed no score. */
export type ScorerAnswer =
  | { readonly kind: 'score'; readonly score: number }
  /** A line that is not a whole number. */
  | { readonly kind: 'not-a-score'; readonly line: string }
  /** Its output ended before this case's score. */
  | {
      readonly kind: 'ended';
      readonly exitCode: number | null;
      readonly signal: string | null;
      readonly stderr: readonly string[];
    }
  | { readonly kind: 'stalled'; readonly waitedMs: number };

/** A batch's answers: one per case up to the first that is not a score, or the scorer cannot start. */
export type ScorerBatch =
  | { readonly kind: 'answers'; readonly answers: readonly ScorerAnswer[] }
  | { readonly kind: 'unstartable'; readonly message: string };

/** A text as a block of the protocol: a line `NAME L`, then its `L` lines. */
function block(name: string, text: string): string {
  const lines = text === '' ? [] : text.replace(/\n$/, '').split('\n');
  return `${name} ${lines.length}\n${lines.map((line) => `${line}\n`).join('')}`;
}

/** A case as the scorer is sent it: the instance's block, then the output's. */
export function scorerCaseText(c: ScorerCase): string {
  return block('instance', formatInstance(c.instance)) + block('output', c.output);
}

const SCORE_LINE = /^\s*(\d+)\s*$/;

/**
 * Runs the scorer on `cases` and reads a score for each, in order; the answers stop at the first
 * that is not a score (the scorer ended, stalled or printed something else).
 */
export async function runScorer(cases: readonly ScorerCase[], options: EngineOptions): Promise<ScorerBatch> {
  const scorer = new BotProcess(options.argv, {}, { memoryLimitMb: options.memoryMb });
  try {
    void scorer.write(cases.map(scorerCaseText).join(''));
    scorer.endInput();
    const answers: ScorerAnswer[] = [];
    let since = performance.now();
    while (answers.length < cases.length) {
      const next = await scorer.nextLine(since, options.timeoutMs);
      if (next.kind === 'timeout') {
        answers.push({ kind: 'stalled', waitedMs: Math.round(next.ms) });
        break;
      }
      if (next.kind === 'closed') {
        const error = scorer.startError;
        if (error !== undefined) return { kind: 'unstartable', message: startFailure(error) };
        answers.push({ kind: 'ended', exitCode: next.exitCode, signal: next.signal, stderr: scorer.stderrTail() });
        break;
      }
      since = performance.now();
      if (next.line.trim() === '') continue;
      const score = SCORE_LINE.exec(next.line);
      if (score === null) {
        answers.push({ kind: 'not-a-score', line: next.line });
        break;
      }
      answers.push({ kind: 'score', score: Number(score[1]) });
    }
    return { kind: 'answers', answers };
  } finally {
    scorer.kill();
    await scorer.exited();
  }
}
