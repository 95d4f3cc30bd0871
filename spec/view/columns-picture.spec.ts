import { describe, expect, it } from 'vitest';
import { replayOutput as columnsReplay } from '../../lib/columns/engine/replay.js';
import { parseInstance } from '../../lib/columns/engine/text.js';
import { columnsPictureSvg, stacksToCells } from '../../lib/view/columns-picture.js';

describe('columnsPictureSvg', () => {
  it('should draw the field after N columns with the next column above it, the end past the end', () => {
    const instance = parseInstance('3 5\n2\nabc\naaa\n');
    if (!instance.ok) throw new Error(instance.error.message);
    const replay = columnsReplay(instance.value, '2\n1 0\n1 0\n');
    expect(columnsPictureSvg(replay, 0)).toContain('after 0 columns, score 0');
    // After the first column, the second sticks out of a 5-row field: drawn in red.
    expect(columnsPictureSvg(replay, 1)).toContain('stroke="#d00000"');
    expect(columnsPictureSvg(replay, 9)).toContain('after 2 columns');
  });
});

describe('stacksToCells', () => {
  it('should pad every stack with empty cells to the height', () => {
    expect(stacksToCells('ab//c', 3)).toBe('ab....c..');
  });
});
