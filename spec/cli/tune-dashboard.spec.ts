// The live view of `tune --dashboard` at the run's end: a page that watched the run gets its
// finished state before tilefall exits, and a run nobody watched is not kept waiting.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_LINGER_MS, startTuneDashboard, type TuneDashboard } from '../../lib/cli/tune-dashboard.js';
import { tuningGame as samegame } from '../../lib/samegame/search/tuning.js';
import type { RecordedResult } from '../../tuner/dashboard-recorder.js';
import type { DashboardState } from '../../tuner/dashboard-state.js';

const RESULT: RecordedResult = {
  history: [],
  finalists: [{ origin: 'start', mean: 9.5 }],
  validation: { instances: 4, tuned: { mean: 11 }, start: { mean: 10 }, difference: { mean: 1, standardError: 0.5 } },
  failures: { records: [] },
  games: { played: 30, saved: 0 },
};

/** Starts a live view on a free port, and where its state is. */
async function liveView(): Promise<{ live: TuneDashboard; state: string }> {
  let said = '';
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    said += String(chunk);
    return true;
  });
  const live = await startTuneDashboard(
    { game: samegame, optimizer: 'ga', planned: 2, start: undefined, resumed: undefined, workers: undefined },
    '127.0.0.1',
    0,
  );
  vi.restoreAllMocks();
  const url = said.match(/ at (http:\/\/\S+\/)/)?.[1];
  if (url === undefined) throw new Error(`no URL said: ${said}`);
  return { live, state: `${url}state.json` };
}

/** The state the server answers, or undefined once it no longer answers. */
async function stateAt(url: string): Promise<DashboardState | undefined> {
  try {
    return (await (await fetch(url)).json()) as DashboardState;
  } catch {
    return undefined;
  }
}

describe('the live view at the end of a run', () => {
  let closing: Promise<void> | undefined;
  beforeEach(() => {
    closing = undefined;
  });
  afterEach(async () => {
    await closing;
  });

  it('should keep answering a page that watched the run for a moment after it finished', async () => {
    const { live, state } = await liveView();
    expect((await stateAt(state))?.phase).toBe('starting');
    live.recorder.finished(RESULT);
    const asked = Date.now();
    closing = live.close();
    // A poll a second later, as the page's, still gets the finished run.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await stateAt(state)).toMatchObject({ phase: 'finished', finished: true, validation: { difference: 1 } });
    await closing;
    expect(Date.now() - asked).toBeGreaterThanOrEqual(DASHBOARD_LINGER_MS - 50);
    expect(await stateAt(state)).toBeUndefined();
  });

  it('should close at once when nobody asked for the state', async () => {
    const { live, state } = await liveView();
    live.recorder.finished(RESULT);
    const asked = Date.now();
    await live.close();
    expect(Date.now() - asked).toBeLessThan(DASHBOARD_LINGER_MS / 2);
    expect(await stateAt(state)).toBeUndefined();
  });

  it('should close at once when the run did not end (a refusal thrown before its result)', async () => {
    const { live, state } = await liveView();
    expect((await stateAt(state))?.phase).toBe('starting');
    const asked = Date.now();
    await live.close();
    expect(Date.now() - asked).toBeLessThan(DASHBOARD_LINGER_MS / 2);
  });
});
