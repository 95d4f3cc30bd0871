import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BoardShapeOptions,
  formatBoard,
  formatBoards,
  parseBoard,
  parseBoards,
} from '../../../lib/samegame/engine/text.js';
import { readRepoFile } from '../../support/repo.js';
import { boardArb } from '../arbitraries.js';

describe('parseBoard', () => {
  it('should name the lines of a larger file when told where the text starts, with the shape in the same options', () => {
    const parsed = parseBoard('0 1\n1 x', { width: 2, firstLine: 10 });
    expect(parsed.ok ? undefined : parsed.error).toMatchObject({ code: 'not-an-integer', line: 11 });
    const refused = parseBoard('0', { firstLine: 0 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-option', field: 'options.firstLine' } });
  });

  it('should give back the same board from its text form', () => {
    fc.assert(
      fc.property(boardArb(), (b) => {
        const parsed = parseBoard(formatBoard(b), { colors: b.colors });
        expect(parsed).toEqual({ ok: true, value: b });
      }),
    );
  });

  it('should accept trailing spaces, CRLF and a final newline, with or without', () => {
    for (const text of ['0 1 \n1 0 ', '0 1\r\n1 0\r\n', '0 1\n1 0\n\n']) {
      const parsed = parseBoard(text);
      expect(parsed.ok && parsed.value.cells).toEqual([1, 0, 0, 1]);
    }
  });

  it('should read the top row first: (0, 0) is the first value of the last line', () => {
    const parsed = parseBoard('3 4\n1 2');
    expect(parsed.ok && parsed.value.cells).toEqual([1, 3, 2, 4]);
  });

  it('should read the -1 form of the multi-turn input', () => {
    const parsed = parseBoard('-1 -1 -1\n2 -1 -1\n2 4 -1', { colors: 5 });
    expect(parsed.ok && parsed.value).toEqual({
      width: 3,
      height: 3,
      colors: 5,
      cells: [2, 2, -1, 4, -1, -1, -1, -1, -1],
    });
  });

  it('should infer the color count from the largest color unless told', () => {
    const parsed = parseBoard('0 6\n1 2');
    expect(parsed.ok && parsed.value.colors).toBe(7);
  });

  it.each([
    ['', 'empty', 1],
    ['0 1\n\n1 0', 'blank-line', 2],
    ['0 1\n1 x', 'not-an-integer', 2],
    ['0 1\n1 1.5', 'not-an-integer', 2],
    ['0 1\n1 5', 'color-out-of-range', 2],
    ['0 1\n-2 1', 'color-out-of-range', 2],
    ['0 1 2\n1 0', 'ragged', 2],
    ['-1 0\n-1 1', 'gap-column', 2],
    ['0 1\n-1 0', 'floating-cell', 1],
  ])('should reject %j with %s at line %i', (text, code, line) => {
    const parsed = parseBoard(text, { colors: 5 });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatchObject({ code, line });
  });

  it('should reject a board of the wrong size when a size is required', () => {
    const parsed = parseBoard('0 1\n1 0', { width: 15, height: 15 });
    expect(!parsed.ok && parsed.error.code).toBe('size');
  });

  it('should reject a board wider than 64 columns', () => {
    const parsed = parseBoard(new Array(65).fill('0').join(' '));
    expect(!parsed.ok && parsed.error.code).toBe('size');
  });

  it.each([{ width: 0 }, { height: 65 }, { colors: 2.5 }, { colors: 21 }, { width: '15' }, { depth: 3 }])(
    'should refuse the shape option %j, naming it',
    (options) => {
      const parsed = parseBoard('0 1\n1 0', options as BoardShapeOptions);
      const field = `options.${Object.keys(options)[0]}`;
      expect(parsed).toMatchObject({ ok: false, error: { code: 'invalid-option', field } });
      expect(!parsed.ok && parsed.error.message).toContain(Object.keys(options)[0]);
    },
  );

  it('should refuse a text that is not a string, naming it', () => {
    for (const text of [undefined, 5, ['0 1'], null])
      expect(parseBoard(text as never)).toMatchObject({ ok: false, error: { code: 'invalid-option', field: 'text' } });
    expect(parseBoards(7 as never)).toMatchObject({ ok: false, error: { code: 'invalid-option', field: 'text' } });
    expect(parseBoards('0', { firstLine: 2 } as never)).toMatchObject({
      ok: false,
      error: { field: 'options.firstLine' },
    });
  });

  it('should accept shape options at the limits and left undefined', () => {
    const parsed = parseBoard('0 1\n1 0', { width: 2, height: undefined, colors: 20 });
    expect(parsed.ok && parsed.value.colors).toBe(20);
  });
});

describe('parseBoard on huge texts', () => {
  it('should refuse a row of more values than any board has as a row of integers that long is refused', () => {
    const row = (n: number) => new Array(n).fill('1').join(' ');
    expect(parseBoard(row(70_000), { width: 15 })).toEqual({
      ok: false,
      error: { code: 'size', line: 1, message: 'expected 15 values, found 70000' },
    });
    expect(parseBoard(`${row(3)}\n${row(70_000)}`, { firstLine: 4 })).toEqual({
      ok: false,
      error: { code: 'ragged', line: 5, message: 'expected 3 values like the first row, found 70000' },
    });
    expect(parseBoard(`\n${row(70_000)}\n${row(3)}`)).toEqual({
      ok: false,
      error: { code: 'size', line: 2, message: 'expected at most 64 values per row, found 70000' },
    });
  });

  it('should refuse a text of more lines than any board has, naming its last line', () => {
    const rows = `\n\n${new Array(70_000).fill('x').join('\r\n')}\n\n`;
    expect(parseBoard(rows, { height: 15 })).toEqual({
      ok: false,
      error: { code: 'size', line: 70_002, message: 'expected 15 rows, found 70000' },
    });
    expect(parseBoard(rows)).toMatchObject({ ok: false, error: { message: 'expected at most 64 rows, found 70000' } });
  });

  it('should read a board whatever blank lines, spaces and line endings surround it', () => {
    const blankArb = fc.array(fc.constantFrom('', ' ', '\t', '\r', ' \u00a0'), { maxLength: 4 });
    fc.assert(
      fc.property(boardArb(), blankArb, blankArb, fc.boolean(), (b, before, after, crlf) => {
        const text = [...before, ...formatBoard(b).split('\n'), ...after].join(crlf ? '\r\n' : '\n');
        expect(parseBoard(text, { colors: b.colors })).toEqual({ ok: true, value: b });
        // A bad value on the last row is named at its line of the text.
        const spoiled = text.replace(/(\S+)(\s*)$/, 'x$2');
        const line = before.length + b.height;
        expect(parseBoard(spoiled, { colors: b.colors })).toMatchObject({ ok: false, error: { line } });
      }),
    );
  });
});

/** The dataset as the whole text split into lines reads it: what {@link parseBoards} must answer. */
function boardsOfSplitLines(text: string, options: BoardShapeOptions) {
  const lines = text.split(/\r?\n/);
  const boards = [];
  for (let i = 0; i < lines.length; ) {
    if (lines[i].trim() === '') {
      i++;
      continue;
    }
    const from = i;
    while (i < lines.length && lines[i].trim() !== '') i++;
    const parsed = parseBoard(lines.slice(from, i).join('\n'), { ...options, firstLine: from + 1 });
    if (!parsed.ok) return parsed;
    boards.push(parsed.value);
  }
  return boards.length === 0 ? parseBoard('') : { ok: true, value: boards };
}

describe('parseBoards', () => {
  it('should answer as a split of the whole text into lines does, on any text of boards', () => {
    const lineArb = fc.constantFrom('0 1', '1 0', '1 1', '0 x', '', ' ', '\t', '2 2 2', '\r');
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 30 }), fc.boolean(), (lines, crlf) => {
        const text = lines.join(crlf ? '\r\n' : '\n');
        expect(parseBoards(text, { colors: 5 })).toEqual(boardsOfSplitLines(text, { colors: 5 }));
      }),
    );
  });

  it('should refuse a dataset of more boards than generate writes, at the first one past them', () => {
    expect(parseBoards('1\n\n'.repeat(100_000)).ok).toBe(true);
    expect(parseBoards('1\n\n'.repeat(100_001))).toEqual({
      ok: false,
      error: { code: 'too-many-boards', line: 200_001, message: 'a dataset holds at most 100000 boards' },
    });
  });

  it('should read the 20 standard boards, each 15 x 15 x 5 and full', () => {
    const parsed = parseBoards(readRepoFile('datasets/samegame/standard20.txt'), { width: 15, height: 15, colors: 5 });
    expect(parsed.ok && parsed.value.length).toBe(20);
    if (parsed.ok) for (const b of parsed.value) expect(b.cells.every((c) => c >= 0 && c < 5)).toBe(true);
  });

  it('should name the line of the whole file in an error', () => {
    const parsed = parseBoards('0 1\n1 0\n\n0 1\n1 9\n', { colors: 5 });
    expect(parsed.ok ? undefined : parsed.error).toMatchObject({ line: 5 });
  });
});

describe('formatBoard and formatBoards', () => {
  it('should write nothing for a value that is not a board, or a list with one', () => {
    const floating = { width: 1, height: 2, colors: 1, cells: [-1, 0] };
    const good = { width: 1, height: 1, colors: 1, cells: [0] };
    expect(formatBoard(floating)).toBe('');
    expect(formatBoard(undefined as never)).toBe('');
    expect(formatBoards([good, floating])).toBe('');
    expect(formatBoards('x' as never)).toBe('');
    expect(formatBoards([good, good])).toBe('0\n\n0\n');
  });
});
