// The perft table of docs/conformance.md, read as data for the specs that hold it to the code.

/** A row of the table: a standard board's number, then sequences and positions per depth. */
export interface TableRow {
  readonly board: number;
  readonly depths: readonly { depth: number; sequences: number; positions: number }[];
}

/** The rows of the table in the perft section of docs/conformance.md: a board, then sequences and positions per depth. */
export function perftTable(markdown: string): TableRow[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith('## Perft'));
  const end = lines.findIndex((line, i) => i > start && /^#{1,2} /.test(line));
  return lines
    .slice(start, end < 0 ? undefined : end)
    .filter((line) => /^\| \d+ \|/.test(line))
    .map((line) => {
      const [board, ...counts] = line.split('|').slice(1, -1).map(Number);
      const depths = [];
      for (let i = 0; i < counts.length; i += 2) {
        depths.push({ depth: i / 2 + 1, sequences: counts[i], positions: counts[i + 1] });
      }
      return { board, depths };
    });
}
