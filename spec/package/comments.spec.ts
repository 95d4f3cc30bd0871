// Code comments say why; what was measured, and when, lives in docs/*-search-log.md. Every
// comment of the source under lib/ and tuner/ is read with the compiler API and checked for the
// marks of a lab diary: a date, a ± figure, a signed percentage, a speed-up or a measured figure.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_DIR } from '../support/repo.js';

const SOURCE_DIRS = ['lib', 'tuner'];
const SOURCE_FILE = /\.(ts|mts|js|mjs)$/;

const MONTH = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec';
const MONTH_NAME = 'January|February|March|April|May|June|July|August|September|October|November|December';

/**
 * What a comment must not hold, each with the reason it is flagged:
 * - an ISO date or year-month (`2026-11-22`, `2026-11`) or a slashed date (`2026/11/22`);
 * - a month named with a year (`Nov 2026`, `November 2026`, `22 Nov. 2026`);
 * - a ± figure: `±`, `+/-`, or `+-` between two numbers (`+1.7 +- 28.5`);
 * - a signed percentage (`+3.5 %`, `−12%`), the usual form of a measured gain or loss;
 * - a speed-up figure (`2x faster`, `1.15 times as fast`, `3× slower`, `7 % faster`);
 * - a measured figure: "measured" (or "measured on", "at", "over") right before a number, a
 *   number right before "measured" (`0.19 to 0.28 measured`), or "gained"/"lost" right before
 *   a number (`lost 14.4 %`).
 * An unsigned percentage (a setting such as "10 % of the mean"), a plain number, a time limit and
 * the word "measured" without a figure next to it ("the potential each field was measured with")
 * are allowed.
 */
const DIARY_MARKS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'date', pattern: /\b(?:19|20)\d\d[-/](?:0[1-9]|1[0-2])(?:[-/](?:0[1-9]|[12]\d|3[01]))?\b/ },
  { name: 'date', pattern: new RegExp(`\\b(?:${MONTH_NAME}|(?:${MONTH})\\.?)\\s+(?:19|20)\\d\\d\\b`) },
  { name: '± figure', pattern: /±|\+\/-|\d\s*\+-\s*\d/ },
  { name: 'signed percentage', pattern: /(?:^|[\s([])[+\u2212-]\s?\d+(?:[.,]\d+)?\s?%/ },
  {
    name: 'speed-up figure',
    pattern: /\b\d+(?:\.\d+)?\s?(?:x|×|times|%)\s+(?:as\s+)?(?:faster|slower|fast|slow|quicker)\b/,
  },
  {
    name: 'measured figure',
    pattern: /\bmeasured:?\s+(?:(?:on|at|over)\s+)?\d|\d\s+measured\b|\b(?:gained|lost)\s+(?:about\s+)?[+\u2212-]?\d/i,
  },
];

/** The comments of a TypeScript or JavaScript source, as the compiler reads them (each once). */
function comments(file: string, text: string): { pos: number; text: string }[] {
  const kind = /\.m?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = new Map<number, string>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) found.set(range.pos, text.slice(range.pos, range.end));
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    // Tokens are children too, so a comment just before a closing brace is found; a JSDoc
    // node's own children would only repeat the comment it belongs to.
    if (node.kind < ts.SyntaxKind.FirstJSDocNode || node.kind > ts.SyntaxKind.LastJSDocNode) {
      for (const child of node.getChildren(source)) visit(child);
    }
  };
  visit(source);
  return [...found].map(([pos, comment]) => ({ pos, text: comment })).sort((a, b) => a.pos - b.pos);
}

/** The names of the diary marks one line of a comment bears (none: the line may stay). */
function marksOf(line: string): string[] {
  return [...new Set(DIARY_MARKS.filter((mark) => mark.pattern.test(line)).map((mark) => mark.name))];
}

/** Every line of a comment in `text` that bears a diary mark, as `file:line: text (marks)`. */
function diaryLines(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const flagged: string[] = [];
  for (const comment of comments(file, text)) {
    const first = source.getLineAndCharacterOfPosition(comment.pos).line;
    comment.text.split('\n').forEach((line, i) => {
      const marks = marksOf(line);
      if (marks.length > 0) flagged.push(`${file}:${first + i + 1}: ${line.trim()} (${marks.join(', ')})`);
    });
  }
  return flagged;
}

describe('comments', () => {
  it('should find line, block and doc comments, including one before a closing brace, and no strings', () => {
    const text = [
      '/** Doc. */',
      'export function f(a: number /* inline */): string {',
      '  const url = "http://x"; // trailing',
      '  const re = /\\/\\//;',
      '  // before the brace',
      '}',
      '// at the end',
      '',
    ].join('\n');
    expect(comments('a.ts', text).map((c) => c.text)).toEqual([
      '/** Doc. */',
      '/* inline */',
      '// trailing',
      '// before the brace',
      '// at the end',
    ]);
  });
});

describe('marksOf', () => {
  it('should name the mark of dates, ± figures, signed percentages, speed-up and measured figures', () => {
    for (const [line, mark] of [
      ['// measured 2026-11-22, 263 ms for 9,462 columns', 'date'],
      ['// the ninth retune (2026-11)', 'date'],
      ['/** Set by hand in Nov 2026. */', 'date'],
      ['// since 22 November 2026', 'date'],
      ['// on 2026/11/22', 'date'],
      ['// +45 ± 18 a board', '± figure'],
      ['/* +1.7 +- 28.5 a board */', '± figure'],
      ['// 3 +/- 1', '± figure'],
      ['// worth +3.5 % on the standard 20', 'signed percentage'],
      ['// (−12% at 20 s)', 'signed percentage'],
      ['// 1.15 times as fast', 'speed-up figure'],
      ['// a 2x faster playout', 'speed-up figure'],
      ['// rollouts 7 % faster than without marks', 'speed-up figure'],
      ['// Measured on 15,000 fields from real searches', 'measured figure'],
      ['// (measured: 60 ms past a 3.3 s budget)', 'measured figure'],
      ['// (0.19 to 0.28 measured)', 'measured figure'],
      ['// -7 there lost 14.4 %', 'measured figure'],
    ]) {
      expect(marksOf(line), line).toContain(mark);
    }
  });

  it('should not flag why-comments, plain figures, unsigned percentages, ranges or code', () => {
    for (const line of [
      '// 10 % of the mean count counts as even',
      '// boards 11 to 15; 2 cells on a 15 x 15 board',
      '// a 64-bit key: 2026 cells at most',
      '// x -1 flips the sign; a +-b is not a figure',
      '// widths 8-32-128',
      '/** Mask of the columns 0-5. */',
      '/** The chain potential each kept field was measured with (0 when not measured). */',
      '// the puzzle allows 50 ms a turn; keep 10 % of it back',
      '// a color that lost its last pair',
    ]) {
      expect(marksOf(line), line).toEqual([]);
    }
  });
});

describe('diaryLines', () => {
  it('should report the line of the mark inside a block comment', () => {
    expect(
      diaryLines('a.ts', 'const a = 1;\n/**\n * Why.\n * Read +3 ± 2 on 2026-11-22.\n */\nconst b = 2;\n'),
    ).toEqual(['a.ts:4: * Read +3 ± 2 on 2026-11-22. (date, ± figure)']);
  });

  it('should not look at string literals', () => {
    expect(diaryLines('a.ts', "const s = '2026-11-22 ± 3';\n")).toEqual([]);
  });
});

describe('the source under lib/ and tuner/', () => {
  it('should keep dates, ± figures and measured figures out of its comments (they belong in the search logs)', () => {
    const files = SOURCE_DIRS.flatMap((dir) =>
      readdirSync(join(REPO_DIR, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => SOURCE_FILE.test(f))
        .map((f) => join(dir, f)),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => diaryLines(f, readFileSync(join(REPO_DIR, f), 'utf8')))).toEqual([]);
  });
});
