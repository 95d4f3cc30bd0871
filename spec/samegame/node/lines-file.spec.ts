import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  appendStoredLine,
  formatStoredLine,
  parseLinesFile,
  readLinesFile,
  type StoredLine,
} from '../../../lib/samegame/node/lines-file.js';

const storedArb: fc.Arbitrary<StoredLine> = fc.record({
  board: fc.stringMatching(/^[0-9a-f]{16}$/),
  score: fc.nat(),
  moves: fc.array(fc.record({ x: fc.nat({ max: 63 }), y: fc.nat({ max: 63 }) }), { maxLength: 30 }),
  when: fc.constant('2026-11-28T08:00:00.000Z'),
  budget: fc.constantFrom('20 s', '2000000 nodes'),
});

const line = (board: string, score: number, moves = '0 0;1 2'): string =>
  `${JSON.stringify({ board, score, line: moves, when: '2026-11-28T08:00:00Z', budget: '20 s' })}\n`;
const A = 'aaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbb';

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('parseLinesFile', () => {
  it('should read back every line it formats', () => {
    fc.assert(
      fc.property(storedArb, (stored) => {
        const parsed = parseLinesFile(formatStoredLine(stored));
        expect(parsed.ok && parsed.value.get(stored.board)).toEqual(stored);
      }),
    );
  });

  it('should keep the best line of each board, the first of equal scores', () => {
    const parsed = parseLinesFile(line(A, 10) + line(B, 5) + line(A, 30, '3 3') + line(A, 30, '4 4') + line(B, 2));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.get(A)?.score).toBe(30);
    expect(parsed.value.get(A)?.moves).toEqual([{ x: 3, y: 3 }]);
    expect(parsed.value.get(B)?.score).toBe(5);
  });

  it('should name the line and the field of a bad line', () => {
    expect(parseLinesFile(`${line(A, 1)}{"board":"x"}\n`)).toEqual({
      ok: false,
      error: { line: 2, message: 'board: expected a board key of 16 hexadecimal digits' },
    });
    expect(parseLinesFile(line(A, -1))).toMatchObject({
      ok: false,
      error: { line: 1, message: expect.stringMatching(/^score:/) },
    });
    expect(parseLinesFile(line(A, 1, '1 2;x'))).toMatchObject({
      ok: false,
      error: { line: 1, message: expect.stringMatching(/^line:/) },
    });
    expect(parseLinesFile('[1]\n')).toMatchObject({ ok: false, error: { line: 1, message: 'not a JSON object' } });
  });

  it('should refuse a line of more moves than a game of the largest board has, and of more JSON than a line holds', () => {
    const moves = (n: number) => new Array(n).fill('0 0').join(';');
    expect(parseLinesFile(line(A, 1, moves(2048))).ok).toBe(true);
    expect(parseLinesFile(`\n\r\n${line(A, 1, moves(2049))}`)).toEqual({
      ok: false,
      error: { line: 3, message: 'line: more than 2048 moves' },
    });
    expect(parseLinesFile(`[${'0,'.repeat(1_000_000)}0]\n`)).toEqual({
      ok: false,
      error: { line: 1, message: 'not a JSON object' },
    });
  });

  it('should skip a cut-off last line (a run killed while writing), and only that', () => {
    const cut = line(B, 9).slice(0, 20);
    const parsed = parseLinesFile(line(A, 3) + cut);
    expect(parsed.ok && [...parsed.value.keys()]).toEqual([A]);
    expect(parseLinesFile(`${line(A, 3) + cut}\n`).ok).toBe(false);
  });

  it('should refuse a last line without a newline that no write of a stored line starts with', () => {
    expect(parseLinesFile(`${line(A, 3)}1 2 3`)).toEqual({
      ok: false,
      error: { line: 2, message: 'not a JSON object' },
    });
    // Another file given as a lines file: one long line of a board's values.
    expect(parseLinesFile('1 '.repeat(100_000))).toEqual({
      ok: false,
      error: { line: 1, message: 'not a JSON object' },
    });
  });
});

describe('appendStoredLine', () => {
  it('should add lines to a new or existing file, and drop a cut-off last line when it appends', () => {
    dir = mkdtempSync(join(tmpdir(), 'tilefall-lines-'));
    const file = join(dir, 'lines.jsonl');
    expect(readLinesFile(file)).toEqual({ ok: true, value: new Map() });
    const first: StoredLine = { board: A, score: 7, moves: [{ x: 1, y: 0 }], when: 'now', budget: '1 s' };
    expect(appendStoredLine(file, first).ok).toBe(true);
    writeFileSync(file, `${readFileSync(file, 'utf8')}{"board":"bbb`);
    const second = { ...first, board: B, score: 8 };
    expect(appendStoredLine(file, second).ok).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(formatStoredLine(first) + formatStoredLine(second));
    const read = readLinesFile(file);
    expect(read.ok && read.value.get(B)).toEqual(second);
  });

  it('should never drop what a file held that is not a cut-off stored line', () => {
    dir = mkdtempSync(join(tmpdir(), 'tilefall-lines-'));
    const file = join(dir, 'lines.jsonl');
    const stored: StoredLine = { board: A, score: 7, moves: [{ x: 1, y: 0 }], when: 'now', budget: '1 s' };
    // No stored line starts without a brace: none of these texts is a write cut off.
    const noBrace = fc.string({ maxLength: 200 }).filter((text) => !text.includes('{') && !text.includes('\0'));
    fc.assert(
      fc.property(noBrace, (text) => {
        writeFileSync(file, text);
        expect(appendStoredLine(file, stored).ok).toBe(true);
        expect(readFileSync(file, 'utf8').startsWith(text)).toBe(true);
      }),
    );
  });

  it('should keep a finished last line whose newline is missing, and add the new line after it', () => {
    dir = mkdtempSync(join(tmpdir(), 'tilefall-lines-'));
    const file = join(dir, 'lines.jsonl');
    writeFileSync(file, line(A, 3).trimEnd());
    expect(appendStoredLine(file, { board: B, score: 8, moves: [], when: 'now', budget: '1 s' }).ok).toBe(true);
    const read = readLinesFile(file);
    expect(read.ok && [...read.value.keys()]).toEqual([A, B]);
  });

  it('should say which file cannot be written', () => {
    const result = appendStoredLine('/nonexistent-dir/lines.jsonl', {
      board: A,
      score: 1,
      moves: [],
      when: 'now',
      budget: '1 s',
    });
    expect(result).toMatchObject({
      ok: false,
      error: { file: '/nonexistent-dir/lines.jsonl', message: expect.stringMatching(/cannot be written/) },
    });
  });
});
