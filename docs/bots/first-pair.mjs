// A trivial SameGame bot for measuring the judge's own overhead: each turn it answers the first
// cell (column by column, from the bottom) that has a same-colored neighbor, in microseconds.
// Usage: tilefall samegame judge --bot "node docs/bots/first-pair.mjs" --dataset FILE
import { createInterface } from 'node:readline';

let rows = [];
createInterface({ input: process.stdin }).on('line', (line) => {
  rows.push(line.trim().split(/\s+/).map(Number));
  if (rows.length < 15) return;
  const at = (x, y) => (y >= 0 && y < 15 && x >= 0 && x < 15 ? rows[14 - y][x] : -1);
  let answer = '0 0';
  search: for (let x = 0; x < 15; x++)
    for (let y = 0; y < 15; y++) {
      const c = at(x, y);
      if (c >= 0 && (at(x + 1, y) === c || at(x, y + 1) === c)) {
        answer = `${x} ${y}`;
        break search;
      }
    }
  process.stdout.write(`${answer}\n`);
  rows = [];
});
