/**
 * Named baseline strategies: the statement's quickstart (the column where the piece lands
 * lowest, leftmost on ties, never shifted) and a 1-ply greedy (best immediate points, then the
 * lowest landing, then leftmost and fewest shifts).
 */
import type { Instance, Placement } from '../engine/instance.js';
import { Kernel } from './kernel.js';

/** The quickstart's placements for every column (its play never looks at points). */
export function quickstartPlacements(instance: Instance): Placement[] {
  const kernel = new Kernel(instance.width, instance.height);
  const placements: Placement[] = [];
  for (const piece of instance.pieces) {
    let best = 0;
    for (let x = 1; x < instance.width; x++) if (kernel.heights[x] < kernel.heights[best]) best = x;
    placements.push({ position: best + 1, shifts: 0 });
    if (kernel.play(piece, best, 0) < 0) break;
  }
  return placements;
}

/** The 1-ply greedy's placements. */
export function greedyPlacements(instance: Instance): Placement[] {
  const kernel = new Kernel(instance.width, instance.height);
  const probe = kernel.clone();
  const placements: Placement[] = [];
  for (const piece of instance.pieces) {
    let best: { points: number; landing: number; x: number; s: number } | undefined;
    for (let x = 0; x < instance.width; x++) {
      for (let s = 0; s < (piece.magic ? 1 : 3); s++) {
        probe.copyFrom(kernel);
        const points = probe.play(piece, x, s);
        if (points < 0) continue;
        const landing = kernel.heights[x];
        if (best === undefined || points > best.points || (points === best.points && landing < best.landing))
          best = { points, landing, x, s };
      }
    }
    if (best === undefined) {
      placements.push({ position: 1, shifts: 0 }); // every column sticks out: the game ends here
      break;
    }
    placements.push({ position: best.x + 1, shifts: best.s });
    kernel.play(piece, best.x, best.s);
  }
  return placements;
}
