/**
 * The TabuColor rule's one constant, in a module of its own so that both playouts (the cell loop
 * in `playout.ts` and the bitmasks in `mask-playout.ts`, which `playout.ts` imports) read the
 * same "never" without an import cycle.
 */

/**
 * A `tabuMinRegion` this large means: never take a tabu region while other moves exist (the
 * strict TabuColor rule). Below it, a tabu region of at least that many cells may be taken early.
 */
export const NEVER = 1000;
