/**
 * A user's Columns scorer checked against the statement's scoring: cases drawn by fast-check
 * (`lib/testing/columns-scorer-cases.ts`) are all sent to one run of the program and scored by
 * tilefall's referee too; the first case that disagrees is played alone (an earlier case that
 * printed a line too many shows on a later one), then shrunk as fast-check shrinks: the first
 * smaller case that still disagrees alone, then the first of its, until none does. Shrinks are
 * played in batches, many cases to a run, and one is taken only once it also fails alone.
 */
import type fc from 'fast-check';
import { type ScorerCase, scorerCaseVerdict } from '../testing/columns-scorer-cases.js';
import type { EngineOptions } from './engine-games.js';
import { runScorer, type ScorerAnswer } from './scorer-run.js';
import { drawnValue } from './shrink-disagreement.js';

/** A case the scorer and the statement score differently: what it printed and what it should. */
export interface ScorerDisagreement {
  readonly case: ScorerCase;
  readonly answer: ScorerAnswer;
  readonly expected: number;
}

/** How checking the cases ended. */
export type ScorerCheck =
  | { readonly kind: 'agree'; readonly cases: number }
  | {
      readonly kind: 'disagree';
      /** The case that disagrees alone, from 0, and where the whole run parted (the same, or a later one). */
      readonly index: number;
      readonly seen: number;
      readonly found: ScorerDisagreement;
      /** The smallest case found that still disagrees alone, and how it was found. */
      readonly shrunk: ScorerDisagreement;
      readonly shrinks: number;
      readonly tried: number;
    }
  /** The whole run parted at case `seen`, but neither it nor the cases before it fail alone. */
  | { readonly kind: 'not-alone'; readonly seen: number; readonly found: ScorerDisagreement }
  /** The scorer answered the first `seen` cases, then exited cleanly: it reads one case, not all. */
  | { readonly kind: 'stopped-early'; readonly seen: number }
  | { readonly kind: 'unstartable'; readonly message: string };

/** Cases tried at most while shrinking, and in one run of the scorer. */
const MAX_TRIED = 2000;
const BATCH = 32;

/** Cases before the one a run parted at that are played alone to find the one at fault. */
const MAX_SUSPECTS = 16;

/** The first case of `cases` whose answer differs from the statement's score, with it; or none. */
function firstDisagreement(
  cases: readonly ScorerCase[],
  answers: readonly ScorerAnswer[],
): { index: number; disagreement: ScorerDisagreement } | undefined {
  for (let i = 0; i < cases.length; i++) {
    const answer = answers[i];
    const expected = scorerCaseVerdict(cases[i]).score;
    if (answer === undefined) return undefined;
    if (answer.kind !== 'score' || answer.score !== expected) {
      return { index: i, disagreement: { case: cases[i], answer, expected } };
    }
  }
  return undefined;
}

/** Plays cases through the scorer: alone, or in batches, each distinct case alone at most once. */
class CasePlayer {
  private readonly alone = new Map<string, ScorerDisagreement | undefined>();
  unstartable: string | undefined;

  constructor(private readonly options: EngineOptions) {}

  get tried(): number {
    return this.alone.size;
  }

  /** The case's disagreement played alone, or undefined when it agrees. */
  async playAlone(c: ScorerCase): Promise<ScorerDisagreement | undefined> {
    const key = JSON.stringify(c);
    if (this.alone.has(key)) return this.alone.get(key);
    const batch = await runScorer([c], this.options);
    if (batch.kind === 'unstartable') {
      this.unstartable = batch.message;
      return undefined;
    }
    const found = firstDisagreement([c], batch.answers)?.disagreement;
    this.alone.set(key, found);
    return found;
  }

  /** Marks a case as agreeing alone (it agreed in a batch before any disagreement). */
  agreed(c: ScorerCase): void {
    this.alone.set(JSON.stringify(c), undefined);
  }

  known(c: ScorerCase): boolean {
    return this.alone.has(JSON.stringify(c));
  }

  /** The first of `cases`, in order, that disagrees alone, or undefined. */
  async firstFailing(cases: readonly ScorerCase[]): Promise<{ at: number; found: ScorerDisagreement } | undefined> {
    let start = 0;
    while (start < cases.length && this.unstartable === undefined) {
      const rest = cases.slice(start);
      const batch = await runScorer(rest, this.options);
      if (batch.kind === 'unstartable') {
        this.unstartable = batch.message;
        return undefined;
      }
      const first = firstDisagreement(rest, batch.answers);
      const parted = first?.index ?? rest.length;
      // Cases before the one the run parted at agreed, but that one may owe its answer to them.
      const suspect = Math.max(0, parted - MAX_SUSPECTS);
      for (let i = 0; i < suspect; i++) this.agreed(rest[i]);
      if (first === undefined) return undefined;
      for (let i = suspect; i <= parted; i++) {
        const found = await this.playAlone(rest[i]);
        if (found !== undefined) return { at: start + i, found };
      }
      start += parted + 1;
    }
    return undefined;
  }
}

/**
 * Runs `cases` (drawn from `arbitrary` with `seed`) through the scorer, and shrinks the first that
 * disagrees played alone. A case on which the scorer stalls is reported as found (each try could
 * cost the whole time limit).
 */
export async function checkScorer(
  arbitrary: fc.Arbitrary<ScorerCase>,
  cases: readonly ScorerCase[],
  seed: number,
  options: EngineOptions,
): Promise<ScorerCheck> {
  const whole = await runScorer(cases, options);
  if (whole.kind === 'unstartable') return whole;
  const first = firstDisagreement(cases, whole.answers);
  if (first === undefined) return { kind: 'agree', cases: cases.length };
  const seen = first.index;
  if (first.disagreement.answer.kind === 'stalled') {
    const found = first.disagreement;
    return { kind: 'disagree', index: seen, seen, found, shrunk: found, shrinks: 0, tried: 0 };
  }
  const { answer } = first.disagreement;
  if (seen > 0 && answer.kind === 'ended' && answer.exitCode === 0 && answer.signal === null) {
    return { kind: 'stopped-early', seen };
  }
  const player = new CasePlayer(options);
  let index = -1;
  let found: ScorerDisagreement | undefined;
  for (let i = seen; i >= Math.max(0, seen - MAX_SUSPECTS) && found === undefined; i--) {
    found = await player.playAlone(cases[i]);
    index = i;
  }
  if (player.unstartable !== undefined) return { kind: 'unstartable', message: player.unstartable };
  if (found === undefined) return { kind: 'not-alone', seen, found: first.disagreement };
  let current = drawnValue(arbitrary, seed, index);
  // Replayed, the draw must be the case that failed; if not, the case is shown as found.
  if (JSON.stringify(current.value) !== JSON.stringify(cases[index])) {
    return { kind: 'disagree', index, seen, found, shrunk: found, shrinks: 0, tried: player.tried };
  }
  let shrunk = found;
  let shrinks = 0;
  while (player.tried < MAX_TRIED) {
    const candidates: fc.Value<ScorerCase>[] = [];
    let next: { value: fc.Value<ScorerCase>; found: ScorerDisagreement } | undefined;
    for (const candidate of arbitrary.shrink(current.value, current.context)) {
      if (player.known(candidate.value)) continue;
      candidates.push(candidate);
      if (candidates.length < BATCH) continue;
      const failing = await player.firstFailing(candidates.map((v) => v.value));
      if (failing !== undefined) next = { value: candidates[failing.at], found: failing.found };
      candidates.length = 0;
      if (next !== undefined || player.tried >= MAX_TRIED) break;
    }
    if (next === undefined && candidates.length > 0) {
      const failing = await player.firstFailing(candidates.map((v) => v.value));
      if (failing !== undefined) next = { value: candidates[failing.at], found: failing.found };
    }
    if (next === undefined) break;
    [current, shrunk] = [next.value, next.found];
    shrinks++;
  }
  return { kind: 'disagree', index, seen, found, shrunk, shrinks, tried: player.tried };
}
