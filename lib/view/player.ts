/// <reference lib="dom" />
/**
 * The replay page's controller, inlined into the page after `render.ts` (`page.ts`). It draws the
 * position the data gives for the current step and nothing else: every board, region, match and
 * score was computed by the engine in Node. Steps: SameGame actions, or Columns columns. The one
 * file that runs in a browser, hence the DOM types above (the rest of the code has none).
 */
import type { Replay as ColumnsReplay, ReplayColumn } from '../columns/engine/replay.js';
import type { Replay as SameGameReplay } from '../samegame/engine/replay.js';
import { columnsSvg, type IncomingColumn, sameGameSvg } from './render.js';

/** The page's elements and where the replay stands. */
interface Player {
  readonly data: SameGameReplay | ColumnsReplay;
  /** The last step: SameGame's last frame, or Columns' column count. */
  readonly last: number;
  readonly slider: HTMLInputElement;
  readonly playButton: HTMLButtonElement;
  readonly glyphs: HTMLInputElement;
  step: number;
  timer: ReturnType<typeof setInterval> | undefined;
}

/** The element of id `id` (the page's markup has each one). */
function element<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

function escapeHtml(text: unknown): string {
  return String(text).replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string,
  );
}

/** One label and value of the facts list; `testid` lets the browser specs find it. */
function fact(label: string, value: string, testid?: string): string {
  return `<div><dt>${label}</dt><dd${testid ? ` data-testid="${testid}"` : ''}>${value}</dd></div>`;
}

/** Fills the notes with one paragraph each. */
function showNotes(notes: readonly string[]): void {
  element('notes').innerHTML = notes.map((t) => `<p>${t}</p>`).join('');
}

/** What SameGame's action `n` did, and the end when it is the last. */
function sameGameNotes(data: SameGameReplay, n: number, last: number): string[] {
  const frame = data.frames[n];
  const action = frame.action;
  const notes: string[] = [];
  if (action) {
    const at = action.x === undefined ? '' : ` at ${action.x} ${action.y}`;
    if (action.status === 'applied')
      notes.push(
        `Action ${n}${at} removed ${action.removed} cells: (${action.removed} - 2)² = ${action.points - action.clearBonus} points.`,
      );
    if (action.clearBonus > 0) notes.push(`<strong>Board cleared: +${action.clearBonus} bonus.</strong>`);
    if (action.status === 'warning')
      notes.push(
        `<span class="warning">Warning at action ${n}${at} (${escapeHtml(action.code)}): ${escapeHtml(action.message)} The board is unchanged.</span>`,
      );
    if (action.status === 'error')
      notes.push(
        `<span class="error">Error at action ${n} (${escapeHtml(action.code)}): ${escapeHtml(action.message)} The game ends here.</span>`,
      );
  }
  if (frame.next) notes.push('The outlined region is what the next action removes.');
  if (n === last)
    notes.push(
      `Game over: ${escapeHtml(data.verdict.end)}, ${data.verdict.score} points, ${data.verdict.moves} moves, ${data.verdict.warnings} warnings (${escapeHtml(data.protocol)}).`,
    );
  return notes;
}

/** Draws SameGame's position after action `n`. */
function sameGameStep(player: Player, data: SameGameReplay, n: number): void {
  const frame = data.frames[n];
  element('view').innerHTML = sameGameSvg(frame.cells, data.width, data.height, {
    colors: data.colors,
    glyphs: player.glyphs.checked,
    outline: frame.next ?? [],
    size: Math.max(8, Math.min(32, Math.floor(480 / Math.max(data.width, data.height)))),
    label: `board after ${n} of ${player.last} actions`,
  });
  const action = frame.action;
  let facts = fact('Action', `${n}`, 'move') + fact('of', `${player.last}`);
  facts += fact('Score', `${frame.score}`, 'score');
  facts += fact('This action', action ? (action.status === 'applied' ? `+${action.points}` : '0') : '–');
  facts += fact('Cells left', `${frame.cellsLeft}`) + fact('Colors left', `${frame.colorsLeft}`);
  element('facts').innerHTML = facts;
  showNotes(sameGameNotes(data, n, player.last));
  element('stages').innerHTML = '';
}

/** A Columns field arrives as its stacks joined by '/', bottom to top: the cells the drawing takes. */
function cellsOf(stacks: string, height: number): string {
  return stacks
    .split('/')
    .map((stack) => stack + '.'.repeat(height - stack.length))
    .join('');
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What Columns' column `n` did (`done`) and what comes next, and the end when it is the last. */
function columnsNotes(data: ColumnsReplay, n: number, last: number): string[] {
  const done = n > 0 ? data.columns[n - 1] : undefined;
  const next = data.columns[n];
  const notes: string[] = [];
  if (!data.valid && data.error)
    notes.push(
      `<span class="error">Invalid output, score 0: line ${data.error.line}: ${escapeHtml(data.error.message)}</span>`,
    );
  if (done) {
    const how = done.byDefault ? " (default placement: after the output's last line)" : '';
    notes.push(
      `Column ${n} <code>${done.token}</code> went to position ${done.position} with ${plural(done.shifts, 'shift')}${how}: +${done.points}.`,
    );
    if (done.magicColor) notes.push(`Magic column: it cleared every <strong>${done.magicColor}</strong> jewel.`);
    if (done.gameOver)
      notes.push(
        `<span class="error">Column ${n} stuck out of the field: the game ended there, scoring nothing for it.</span>`,
      );
    const combos = (done.stages ?? []).filter((s) => s.combo !== undefined).length;
    if (combos > 0) notes.push(`${plural(combos, 'matching step')} (combo up to ${combos}).`);
  }
  if (next) {
    const what =
      next.token === '***'
        ? `magic${next.magicColor ? `, will clear ${next.magicColor}` : ', lands on the floor'}`
        : `<code>${next.landing}</code> after ${plural(next.shifts, 'shift')}`;
    notes.push(`Next: column ${n + 1} (${what}) to position ${next.position}.`);
    if (next.gameOver)
      notes.push(`<span class="error">Column ${n + 1} sticks out of the field: the game ends there.</span>`);
  }
  if (n === last)
    notes.push(`Final score ${data.score}${data.gameOverAt ? `; the game ended at column ${data.gameOverAt}` : ''}.`);
  return notes;
}

/** How column `done` resolved, one small picture per stage, drawn only for the current step. */
function columnsStages(player: Player, data: ColumnsReplay, done: ReplayColumn | undefined, size: number): string {
  return (done?.stages ?? [])
    .map((s) => {
      const title = s.combo === undefined ? `magic: +${s.points}` : `combo ${s.combo}: +${s.points}`;
      const svg = columnsSvg(cellsOf(s.field, data.height), data.width, data.height, {
        colors: data.colors,
        glyphs: player.glyphs.checked,
        size: Math.max(5, Math.floor(size / 2)),
        marks: s.marks ?? [],
        label: title,
      });
      return `<figure>${svg}<figcaption>${title}</figcaption></figure>`;
    })
    .join('');
}

/** Draws Columns' field after column `n`, with the next column above it. */
function columnsStep(player: Player, data: ColumnsReplay, n: number): void {
  const size = Math.max(8, Math.min(26, Math.floor(420 / data.height)));
  const done = n > 0 ? data.columns[n - 1] : undefined;
  const next = data.columns[n];
  const cells = done ? cellsOf(done.field, data.height) : '.'.repeat(data.width * data.height);
  const incoming: IncomingColumn | undefined = next
    ? {
        x: next.position - 1,
        jewels: next.landing,
        ...(next.magicColor ? { magicColor: next.magicColor } : {}),
        gameOver: next.gameOver === true,
      }
    : undefined;
  element('view').innerHTML = columnsSvg(cells, data.width, data.height, {
    colors: data.colors,
    glyphs: player.glyphs.checked,
    size,
    incoming,
    label: `field after ${n} of ${player.last} columns`,
  });
  let facts = fact('Column', `${n}`, 'move') + fact('of', `${data.columnCount}`);
  facts += fact('Score', `${done ? done.total : 0}`, 'score');
  facts += fact('This column', done ? `+${done.points}` : '–');
  element('facts').innerHTML = facts;
  showNotes(columnsNotes(data, n, player.last));
  element('stages').innerHTML = columnsStages(player, data, done, size);
}

/** Shows step `n` (clamped), and records it in the address unless told not to. */
function show(player: Player, n: number, updateHash = true): void {
  player.step = Math.max(0, Math.min(player.last, n));
  player.slider.value = String(player.step);
  if (player.data.game === 'samegame') sameGameStep(player, player.data, player.step);
  else columnsStep(player, player.data, player.step);
  if (updateHash) history.replaceState(null, '', `#move=${player.step}`);
}

function pause(player: Player): void {
  if (player.timer !== undefined) clearInterval(player.timer);
  player.timer = undefined;
  player.playButton.textContent = '▶ Play';
  player.playButton.setAttribute('aria-label', 'Play');
}

/** Plays from the current step (from the start at the end), or pauses when playing. */
function playOrPause(player: Player): void {
  if (player.timer !== undefined) {
    pause(player);
    return;
  }
  if (player.step >= player.last) show(player, 0);
  player.playButton.textContent = '❚❚ Pause';
  player.playButton.setAttribute('aria-label', 'Pause');
  const tick = () => (player.step >= player.last ? pause(player) : show(player, player.step + 1));
  player.timer = setInterval(tick, player.data.game === 'samegame' ? 500 : 80);
}

/** The step the address names (`#move=N`), or 0. */
function stepFromHash(): number {
  const match = /move=(\d+)/.exec(location.hash);
  return match ? Number(match[1]) : 0;
}

/** The keyboard: Space plays or pauses, the arrows, Home and End move (the slider moves itself). */
function onKey(player: Player, event: KeyboardEvent): void {
  const target = event.target as HTMLElement | null;
  if (event.key === ' ' && target?.tagName !== 'BUTTON') {
    event.preventDefault();
    playOrPause(player);
  } else if (target === player.slider) return;
  else if (event.key === 'ArrowRight') show(player, player.step + 1);
  else if (event.key === 'ArrowLeft') show(player, player.step - 1);
  else if (event.key === 'Home') show(player, 0);
  else if (event.key === 'End') show(player, player.last);
}

/** Reads the page's data, wires the controls and shows the step the address names. */
function startPlayer(): void {
  const data = JSON.parse(element('replay-data').textContent ?? '') as SameGameReplay | ColumnsReplay;
  const player: Player = {
    data,
    last: data.game === 'samegame' ? data.frames.length - 1 : data.columns.length,
    slider: element('slider'),
    playButton: element('play'),
    glyphs: element('glyphs'),
    step: 0,
    timer: undefined,
  };
  player.slider.max = String(player.last);
  element('first').addEventListener('click', () => show(player, 0));
  element('prev').addEventListener('click', () => show(player, player.step - 1));
  player.playButton.addEventListener('click', () => playOrPause(player));
  element('next').addEventListener('click', () => show(player, player.step + 1));
  element('last').addEventListener('click', () => show(player, player.last));
  player.slider.addEventListener('input', () => show(player, Number(player.slider.value)));
  player.glyphs.addEventListener('change', () => show(player, player.step, false));
  window.addEventListener('hashchange', () => show(player, stepFromHash(), false));
  document.addEventListener('keydown', (event) => onKey(player, event));
  show(player, stepFromHash(), false);
}

startPlayer();
