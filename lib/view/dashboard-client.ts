/// <reference lib="dom" />
/**
 * The dashboard page's controller, inlined into the page after `dashboard-chart.ts`
 * (`dashboard-page.ts`): it polls `state.json` and redraws the facts, the charts and the failures
 * from it. Every text from the run (parameter names, failure lines) is escaped before it is
 * markup. The one dashboard file that runs in a browser, hence the DOM types above.
 */

import type { DashboardFailure, DashboardState } from '../core/dashboard-data.js';
import { escapeXml, fitnessChartSvg, parameterChartSvg, shortNumber } from './dashboard-chart.js';

/** How often the page asks for the state, in milliseconds. */
const POLL_MS = 1000;

/** The element of id `id` (the page's markup has each one). */
function byId(id: string): HTMLElement {
  return document.getElementById(id) as HTMLElement;
}

/** One label and value of the facts list; `testid` lets the browser specs find it. */
function fact(label: string, value: string, testid: string): string {
  return `<div><dt>${escapeXml(label)}</dt><dd data-testid="${testid}">${escapeXml(value)}</dd></div>`;
}

/** A failure record as one line: where, how many of which kind, and the first failure's detail. */
function failureLine(failure: DashboardFailure): string {
  const kinds = Object.entries(failure.failed)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  const detail = failure.detail === undefined ? '' : `: ${failure.detail}`;
  return `${failure.where}: ${kinds} of ${failure.games} games${detail}`;
}

/** The run's facts: where it stands, its games, the start's score and the held-out check. */
function facts(state: DashboardState): string {
  const last = state.generations[state.generations.length - 1];
  const generation =
    state.current === null
      ? `${state.generations.length} of ${state.planned} done`
      : `${state.current.generation} of ${state.planned} (${state.current.done}/${state.current.games} games)`;
  const games = `${state.games.played}${state.games.saved > 0 ? ` (racing saved ${state.games.saved})` : ''}`;
  const rows = [
    fact('game', `${state.game} (${state.optimizer})`, 'game'),
    fact('phase', state.phase, 'phase'),
    fact('generation', generation, 'generation'),
    fact('games played', games, 'games'),
    fact('best, last generation', last === undefined ? '-' : shortNumber(last.best), 'best'),
    fact('start', state.start.fitness === null ? 'not measured yet' : shortNumber(state.start.fitness), 'start'),
  ];
  if (state.validation !== null) {
    const v = state.validation;
    rows.push(
      fact(
        'held-out difference',
        `${shortNumber(v.difference)} ± ${shortNumber(v.standardError)} (tuned ${shortNumber(v.tuned)}, start ${shortNumber(v.start)}, ${v.instances} instances)`,
        'validation',
      ),
    );
  }
  if (state.workers !== null)
    rows.push(fact('workers seen', `${state.workers.length}: ${state.workers.join(', ')}`, 'workers'));
  if (state.error !== null) rows.push(fact('stopped', state.error, 'error'));
  return rows.join('');
}

/** Each parameter's chart, in the run's order. */
function parameterCharts(state: DashboardState): string {
  const generations = state.generations.map((g) => g.generation);
  return state.parameters
    .map(
      (p, i) =>
        `<figure data-testid="parameter">${parameterChartSvg(
          p,
          generations,
          state.generations.map((g) => g.values[i]),
          state.planned,
        )}</figure>`,
    )
    .join('');
}

/** Draws `state` into the page. */
function show(state: DashboardState): void {
  byId('facts').innerHTML = facts(state);
  byId('fitness').innerHTML = fitnessChartSvg(state);
  byId('parameters').innerHTML = parameterCharts(state);
  byId('failures').innerHTML =
    state.failures.length === 0
      ? '<li>none</li>'
      : state.failures.map((f) => `<li data-testid="failure">${escapeXml(failureLine(f))}</li>`).join('');
  document.title = `tilefall tune: ${state.game}, ${state.phase}`;
}

/** Asks for the state, draws it, and asks again in a while, whatever happened. */
async function poll(): Promise<void> {
  const status = byId('status');
  try {
    const response = await fetch('state.json', { cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    show((await response.json()) as DashboardState);
    status.textContent = `updated ${new Date().toLocaleTimeString()}`;
    status.className = '';
  } catch (error) {
    // The run ended and took its server with it, or the network hiccuped: the last state stays.
    status.textContent = `no answer from the run (${(error as Error).message}); showing the last state`;
    status.className = 'warning';
  }
  setTimeout(poll, POLL_MS);
}

poll();
