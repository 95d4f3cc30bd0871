import { type BeamCandidates, NO_LINE } from './beam-candidates.js';

/** Tags of the children a level keeps while it is built. */
const IN_SHARE = 1; // among its parent's best `perParent`
const IN_REST = 2; // among the best of all the others, which may get the rollouts left over
const LINE_ONLY = 3; // neither, but it inherits a remembered line, which can keep it in the beam

/**
 * Drops, while a beam level is built, every child that can no longer matter: with rollouts, a
 * level is ranked by `fairShareOrder` (each parent's best `perParent` children, then the best of
 * the others) and only the first `wanted` of that order get a rollout; a child without a rollout
 * is kept only when it inherits a remembered line. So a child is kept when it is among its
 * parent's best, or among the best `wanted` less the parents' shares of the others (a bound that
 * tightens as the shares fill), or inherits a line; the order of the rest is the same as with
 * every child kept. A wide level then holds a few children a parent instead of all of them.
 */
export class RolloutShareFilter {
  private share: Int32Array;
  private shareSize = 0;
  private rest = new Int32Array(1024);
  private restSize = 0;
  /** The rest is kept as a heap only once it has outgrown its room: most levels never fill it. */
  private restIsHeap = false;
  private committed = 0;

  constructor(
    private readonly candidates: BeamCandidates,
    private readonly perParent: number,
    private readonly wanted: number,
  ) {
    this.share = new Int32Array(perParent);
  }

  /** Starts the children of the next parent: the earlier ones' shares are final. */
  beginParent(): void {
    this.committed += this.shareSize;
    this.shareSize = 0;
    this.trimRest();
  }

  /** Slot for a new child (fill its fields, then {@link offer} it). */
  add(): number {
    return this.candidates.add(IN_SHARE);
  }

  /** Places the child in slot `c` (its value and line fields filled): kept or dropped. */
  offer(c: number): void {
    const { share, perParent } = this;
    const { value } = this.candidates;
    const v = value[c];
    if (this.shareSize === perParent) {
      // Equal values keep the earlier child, as the fair-share order does.
      const worst = share[perParent - 1];
      if (!(v > value[worst])) {
        this.toRest(c);
        return;
      }
      this.shareSize--;
      this.toRest(worst);
    }
    let j = this.shareSize++;
    for (; j > 0 && v > value[share[j - 1]]; j--) share[j] = share[j - 1];
    share[j] = c;
    this.candidates.tag[c] = IN_SHARE;
  }

  /** Ends the level: drops what no longer matters and closes the gaps. */
  finish(): void {
    this.beginParent();
    this.candidates.compact();
    this.restSize = 0;
    this.restIsHeap = false;
    this.committed = 0;
  }

  /**
   * Closes the gaps when a parent's children might not fit (at most `room` of them), and grows
   * the columns when the kept ones leave less than a third free; the rest's heap is rebuilt after.
   */
  makeRoom(room: number): void {
    const { candidates } = this;
    if (candidates.count + room <= candidates.capacity) return;
    candidates.compact();
    const needed = Math.ceil(1.5 * (candidates.count + room));
    if (needed > candidates.capacity) candidates.growTo(needed);
    this.restSize = 0;
    this.restIsHeap = false;
    for (let c = 0; c < candidates.count; c++) if (candidates.tag[c] === IN_REST) this.restPush(c);
  }

  /** How many of the others may still get a rollout. */
  private restRoom(): number {
    return this.wanted - this.committed - this.shareSize;
  }

  private toRest(c: number): void {
    if (this.restSize < this.restRoom()) {
      this.restPush(c);
      this.candidates.tag[c] = IN_REST;
      return;
    }
    this.heapify();
    if (this.restSize > 0 && this.better(c, this.rest[0])) {
      const worst = this.rest[0];
      this.rest[0] = c;
      this.candidates.tag[c] = IN_REST;
      this.siftDown(0);
      this.release(worst);
    } else this.release(c);
  }

  private trimRest(): void {
    if (this.restSize <= this.restRoom()) return;
    this.heapify();
    while (this.restSize > Math.max(0, this.restRoom())) {
      const worst = this.rest[0];
      this.rest[0] = this.rest[--this.restSize];
      this.siftDown(0);
      this.release(worst);
    }
  }

  private release(c: number): void {
    const { candidates } = this;
    if (candidates.source[c] === NO_LINE) candidates.drop(c);
    else candidates.tag[c] = LINE_ONLY;
  }

  /** `a` ranks before `b`: a higher value, or an equal one made earlier. */
  private better(a: number, b: number): boolean {
    const { value } = this.candidates;
    return value[a] > value[b] || (value[a] === value[b] && a < b);
  }

  // As a heap, the rest has its worst child on top.
  private restPush(c: number): void {
    if (this.restSize === this.rest.length) {
      const bigger = new Int32Array(2 * this.rest.length);
      bigger.set(this.rest);
      this.rest = bigger;
    }
    if (!this.restIsHeap) {
      this.rest[this.restSize++] = c;
      return;
    }
    let i = this.restSize++;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!this.better(this.rest[up], c)) break;
      this.rest[i] = this.rest[up];
      i = up;
    }
    this.rest[i] = c;
  }

  private heapify(): void {
    if (this.restIsHeap) return;
    this.restIsHeap = true;
    for (let i = (this.restSize >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  private siftDown(i: number): void {
    const { rest, restSize } = this;
    const c = rest[i];
    for (;;) {
      let child = 2 * i + 1;
      if (child >= restSize) break;
      if (child + 1 < restSize && this.better(rest[child], rest[child + 1])) child++;
      if (!this.better(c, rest[child])) break;
      rest[i] = rest[child];
      i = child;
    }
    rest[i] = c;
  }
}
