/**
 * A fair share of a ranked list for every group: reorders `order` in place so that each group's
 * first `perGroup` entries (in `order`'s own order) come first, then all the others. Both parts
 * keep their relative order, so a caller that takes the first k entries takes the best of every
 * group before the second best of any. `groupOf[entry]` names an entry's group, 0 to `groups` - 1.
 * Returns the length of the first part.
 */
export function spreadOverGroups(order: Int32Array, groupOf: Int32Array, groups: number, perGroup: number): number {
  const taken = new Int32Array(groups);
  const rest = new Int32Array(order.length);
  let first = 0;
  let others = 0;
  for (let r = 0; r < order.length; r++) {
    const entry = order[r];
    const group = groupOf[entry];
    if (taken[group] < perGroup) {
      taken[group]++;
      order[first++] = entry;
    } else {
      rest[others++] = entry;
    }
  }
  order.set(rest.subarray(0, others), first);
  return first;
}
