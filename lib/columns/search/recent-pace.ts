/**
 * The recent cost of a unit of search work (a child, a node), measured over the last `window`
 * steps rather than since the start: the first steps are slow (code not yet compiled by the JIT,
 * a busy machine at process start), and an average since the start would keep the whole run
 * looking slow long after. Before `window` steps it measures from the start.
 */
export class RecentPace {
  // Ring of (time, units done) samples, the oldest one `window` steps back.
  private readonly times: Float64Array;
  private readonly units: Float64Array;
  private steps = 0;

  constructor(
    private readonly window: number,
    start: number,
  ) {
    this.times = new Float64Array(window + 1);
    this.units = new Float64Array(window + 1);
    this.times[0] = start;
  }

  /** Records that `units` units of work were done in all by time `now` (ms). */
  record(now: number, units: number): void {
    this.steps++;
    const slot = this.steps % (this.window + 1);
    this.times[slot] = now;
    this.units[slot] = units;
  }

  /** Milliseconds per unit over the last `window` steps (over all of them before that); 0 before any work. */
  timePerUnitMs(): number {
    const newest = this.steps % (this.window + 1);
    const oldest = this.steps > this.window ? (this.steps + 1) % (this.window + 1) : 0;
    const units = this.units[newest] - this.units[oldest];
    return units > 0 ? (this.times[newest] - this.times[oldest]) / units : 0;
  }
}
