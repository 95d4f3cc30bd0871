// A small deterministic program for the specs of bot tuning: a SameGame bot (multi-turn, 15 x 15)
// or, with --columns, a Columns solver, whose moves depend only on its parameters (TILEFALL_PARAMS:
// a, b, c) and its seed (TILEFALL_SEED). It can also fail on purpose for some parameters:
//   --crash-if NAME>VALUE    exit with code 3 on its second answer when the parameter is above VALUE
//   --hang-if NAME>VALUE     never answer
//   --illegal-if NAME>VALUE  answer a cell off the board (SameGame) or an invalid output (Columns)
//   --params-file PATH       read the parameters from PATH too (the `{params}` file) and check both agree
//   --log FILE               append what it was given (params, seed, file, argv) as one JSON line
import { appendFileSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
};
const params = JSON.parse(process.env.TILEFALL_PARAMS ?? '{}');
const seed = Number(process.env.TILEFALL_SEED ?? '0');
const file = option('--params-file');
if (file !== undefined && readFileSync(file, 'utf8') !== process.env.TILEFALL_PARAMS) {
  process.stderr.write('the params file and TILEFALL_PARAMS differ\n');
  process.exit(4);
}
const log = option('--log');
if (log !== undefined) {
  const fileText = file === undefined ? null : readFileSync(file, 'utf8');
  appendFileSync(
    log,
    `${JSON.stringify({ params: process.env.TILEFALL_PARAMS, seed: process.env.TILEFALL_SEED, file, fileText })}\n`,
  );
}

/** True when the rule `NAME>VALUE` of `name` holds for the parameters. */
const holds = (name) => {
  const rule = option(name);
  if (rule === undefined) return false;
  const [parameter, value] = rule.split('>');
  return params[parameter] > Number(value);
};
const crash = holds('--crash-if');
const hang = holds('--hang-if');
const illegal = holds('--illegal-if');

/** A small seeded generator (mulberry32), so that ties break the same way for the same seed. */
function random(state) {
  let s = state >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(seed);
const { a = 0, b = 0, c = 0 } = params;

if (args.includes('--columns')) {
  const tokens = readFileSync(0, 'utf8').split(/\s+/).filter(Boolean);
  const width = Number(tokens[0]);
  const count = Number(tokens[2]);
  if (hang) setInterval(() => {}, 1000);
  else if (crash) process.exit(3);
  else if (illegal) process.stdout.write('1\n99 7\n');
  else {
    // Round-robin over the columns with a stride the parameters choose: some strides stack less.
    const stride = 1 + (Math.abs(Math.round(a)) % width);
    const lines = [];
    let p = Math.floor(next() * width);
    for (let i = 0; i < count; i++) {
      p = (p + stride) % width;
      lines.push(`${p + 1} ${Math.abs(Math.round(b + i * c)) % 3}`);
    }
    process.stdout.write(`${count}\n${lines.join('\n')}\n`);
  }
} else {
  let rows = [];
  let turn = 0;
  createInterface({ input: process.stdin }).on('line', (line) => {
    rows.push(line.trim().split(/\s+/).map(Number));
    if (rows.length < 15) return;
    turn++;
    const board = rows;
    rows = [];
    if (hang) return;
    if (crash && turn === 2) process.exit(3);
    if (illegal) {
      process.stdout.write('99 99\n');
      return;
    }
    process.stdout.write(`${choose(board)}\n`);
  });
}

/** The region to remove: each scored by a * size + b * its color + c * its height, ties broken at random. */
function choose(board) {
  const at = (x, y) => (y >= 0 && y < 15 && x >= 0 && x < 15 ? board[14 - y][x] : -1);
  const seen = new Set();
  let best;
  for (let x = 0; x < 15; x++)
    for (let y = 0; y < 15; y++) {
      const color = at(x, y);
      if (color < 0 || seen.has(x * 15 + y)) continue;
      let size = 0;
      let top = 0;
      const stack = [[x, y]];
      seen.add(x * 15 + y);
      while (stack.length > 0) {
        const [cx, cy] = stack.pop();
        size++;
        top = Math.max(top, cy);
        for (const [nx, ny] of [
          [cx + 1, cy],
          [cx - 1, cy],
          [cx, cy + 1],
          [cx, cy - 1],
        ]) {
          if (at(nx, ny) === color && !seen.has(nx * 15 + ny)) {
            seen.add(nx * 15 + ny);
            stack.push([nx, ny]);
          }
        }
      }
      if (size < 2) continue;
      const value = a * size + b * color + c * top + next() * 0.5;
      if (best === undefined || value > best.value) best = { value, x, y };
    }
  return best === undefined ? '0 0' : `${best.x} ${best.y}`;
}
