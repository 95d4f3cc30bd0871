// A small Columns solver to copy and tune: each column goes where a weighted evaluation of the
// field it leaves is best (points earned, stack heights, bumps, same-colored neighbors).
// The tilefall contract: parameters as one JSON object in TILEFALL_PARAMS (defaults below when it
// is unset or names fewer), the seed in TILEFALL_SEED (this solver is deterministic and ignores
// it). Input on stdin, the output (`t`, then `p s` lines) on stdout, as the contest judge runs it.
// Tune it: tilefall columns tune --bot "node docs/bots/columns-solver.mjs" --params docs/bots/columns-params.json ...
import { readFileSync } from 'node:fs';

const DEFAULTS = { points: 1, height: 0, bumps: 0, pairs: 0, margin: 0 };
const params = { ...DEFAULTS, ...JSON.parse(process.env.TILEFALL_PARAMS || '{}') };

const tokens = readFileSync(0, 'utf8').split(/\s+/).filter(Boolean);
const [width, height, count] = tokens.slice(0, 3).map(Number);
const pieces = tokens.slice(3, 3 + count).map((t) => (t === '***' ? null : [...t].map((c) => c.charCodeAt(0) - 97)));

const DIRECTIONS = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
];

/** Clears every window of three equal jewels, again and again: the points of the matching loop. */
function resolve(stacks) {
  let points = 0;
  for (let combo = 1; ; combo++) {
    const marked = stacks.map((s) => s.map(() => false));
    let windows = 0;
    const at = (x, y) => (x >= 0 && x < width && y >= 0 && y < stacks[x].length ? stacks[x][y] : -1);
    for (let x = 0; x < width; x++)
      for (let y = 0; y < stacks[x].length; y++)
        for (const [dx, dy] of DIRECTIONS) {
          const c = stacks[x][y];
          if (at(x + dx, y + dy) === c && at(x + 2 * dx, y + 2 * dy) === c) {
            windows++;
            for (let k = 0; k < 3; k++) marked[x + k * dx][y + k * dy] = true;
          }
        }
    if (windows === 0) return points;
    points += 47 * combo * windows;
    for (let x = 0; x < width; x++) stacks[x] = stacks[x].filter((_, y) => !marked[x][y]);
  }
}

/** Plays one column: the new stacks and its points, or null when it sticks out (game over). */
function play(stacks, piece, position, shifts) {
  if (stacks[position].length + 3 > height) return null;
  const next = stacks.map((s) => [...s]);
  let points = 0;
  if (piece === null) {
    const top = next[position].at(-1);
    if (top === undefined) return { stacks: next, points: 0 };
    for (let x = 0; x < width; x++) {
      const kept = next[x].filter((j) => j !== top);
      points += 47 * (next[x].length - kept.length);
      next[x] = kept;
    }
  } else {
    for (let k = 0; k < 3; k++) next[position].push(piece[(k + shifts) % 3]);
  }
  return { stacks: next, points: points + resolve(next) };
}

/** The weighted value of a field after a move that earned `points`. */
function value(stacks, points) {
  const heights = stacks.map((s) => s.length);
  const tallest = Math.max(...heights);
  let bumps = 0;
  let pairs = 0;
  for (let x = 0; x < width; x++) {
    if (x + 1 < width) bumps += Math.abs(heights[x] - heights[x + 1]);
    for (let y = 0; y < heights[x]; y++) {
      if (y + 1 < heights[x] && stacks[x][y + 1] === stacks[x][y]) pairs++;
      if (x + 1 < width && y < heights[x + 1] && stacks[x + 1][y] === stacks[x][y]) pairs++;
    }
  }
  const danger = tallest > height - 3 - Math.round(params.margin) ? -1e6 : 0;
  return params.points * points + params.height * tallest + params.bumps * bumps + params.pairs * pairs + danger;
}

let stacks = Array.from({ length: width }, () => []);
const placements = [];
for (const piece of pieces) {
  let best = null;
  for (let position = 0; position < width; position++)
    for (let shifts = 0; shifts < (piece === null ? 1 : 3); shifts++) {
      const played = play(stacks, piece, position, shifts);
      if (played === null) continue;
      const v = value(played.stacks, played.points);
      if (best === null || v > best.v) best = { v, position, shifts, stacks: played.stacks };
    }
  if (best === null) break; // every placement sticks out: the game ends with this column
  placements.push(`${best.position + 1} ${best.shifts}`);
  stacks = best.stacks;
}
process.stdout.write(`${placements.length}\n${placements.map((p) => `${p}\n`).join('')}`);
