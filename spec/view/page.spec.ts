// The replay pages in a real browser (Debian's Chromium): they show exactly what the engine
// computed, open from disk without any network request, and work from the keyboard.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoves, parseMoves } from '../../lib/columns/engine/moves.js';
import { playMoves } from '../../lib/columns/engine/referee.js';
import { formatInstance, parseInstances } from '../../lib/columns/engine/text.js';
import { solve as solveColumns } from '../../lib/columns/search/solver.js';
import { judgeActions, splitActions } from '../../lib/samegame/engine/referee.js';
import { parseBoard } from '../../lib/samegame/engine/text.js';
import { generated, validGame } from '../columns/arbitraries.js';
import { launchBrowser } from '../support/browser.js';
import { runCli } from '../support/cli.js';
import { readRepoFile } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';

const tmp = scratchDirectory('tilefall-replay-');
const BOARD = 'datasets/samegame/demo-board.txt';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a replay file at a hash, recording every request the page makes. */
async function open(file: string, hash = ''): Promise<{ page: Page; requests: string[] }> {
  const page = await browser.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`${pathToFileURL(file).href}${hash}`);
  return { page, requests };
}

const shown = async (page: Page, testid: 'score' | 'move'): Promise<number> =>
  Number(await page.getByTestId(testid).textContent());

/**
 * Distinct colors of a screenshot, counted by the browser itself (it decodes the PNG). The
 * browser-side code is a string: these specs are type-checked without the DOM's types.
 */
async function colorsOf(page: Page): Promise<number> {
  const png = (await page.screenshot()).toString('base64');
  const counter = await browser.newPage();
  const count = await counter.evaluate(`(async () => {
    const image = new Image();
    image.src = 'data:image/png;base64,${png}';
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    const seen = new Set();
    for (let i = 0; i < pixels.length; i += 4) seen.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
    return seen.size;
  })()`);
  await counter.close();
  return count as number;
}

/** Moves the keyboard focus off any control, as a user clicking the page's background does. */
const blur = (page: Page): Promise<unknown> => page.evaluate('document.activeElement && document.activeElement.blur()');

describe('the SameGame replay page', () => {
  const moves = join(tmp, 'moves.txt');
  const html = join(tmp, 'samegame.html');
  // The engine's own account of the game: the score after each action.
  let scores: number[] = [];

  beforeAll(() => {
    const solved = runCli(['samegame', 'solve', '--board', BOARD, '--nodes', '200000', '--show', html]);
    expect(solved.status).toBe(0);
    writeFileSync(moves, solved.stdout);
    const board = parseBoard(readRepoFile(BOARD));
    if (!board.ok) throw new Error(board.error.message);
    const verdict = judgeActions(board.value, splitActions(solved.stdout, 'multi-turn'), 'multi-turn');
    scores = [0, ...verdict.actions.map((a) => a.score)];
  });

  it('should show, at its end, the score and moves that verify gives, with no network request', async () => {
    const verify = JSON.parse(runCli(['samegame', 'verify', '--board', BOARD, '--moves', moves, '--json']).stdout);
    const { page, requests } = await open(html);
    await page.keyboard.press('End');
    expect(await shown(page, 'score')).toBe(verify.score);
    expect(await shown(page, 'move')).toBe(verify.moves);
    expect(requests.filter((url) => !url.startsWith('file://'))).toEqual([]);
    expect(statSync(html).size).toBeLessThan(200_000);
    await page.close();
  });

  it('should open #move=N on the engine score after N actions, and a number past the end on the end', async () => {
    const last = scores.length - 1;
    for (const n of [0, 1, 7, Math.floor(last / 2), last, last + 50]) {
      const { page } = await open(html, `#move=${n}`);
      expect(await shown(page, 'move')).toBe(Math.min(n, last));
      expect(await shown(page, 'score')).toBe(scores[Math.min(n, last)]);
      await page.close();
    }
  });

  it('should step with the keyboard and with labeled buttons, and play and pause with space', async () => {
    const { page } = await open(html);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    expect(await shown(page, 'move')).toBe(3);
    await page.keyboard.press('ArrowLeft');
    expect(await shown(page, 'move')).toBe(2);
    await page.keyboard.press('Home');
    expect(await shown(page, 'move')).toBe(0);
    await page.getByRole('button', { name: 'Next step' }).click();
    expect(await shown(page, 'move')).toBe(1);
    await page.getByRole('button', { name: 'Last position' }).click();
    expect(await shown(page, 'move')).toBe(scores.length - 1);
    await blur(page);
    await page.keyboard.press('Home');
    await page.keyboard.press(' ');
    await expect.poll(() => page.getByRole('button', { name: 'Pause' }).count()).toBe(1);
    await page.keyboard.press(' ');
    await expect.poll(() => page.getByRole('button', { name: 'Play' }).count()).toBe(1);
    expect(await colorsOf(page)).toBeGreaterThan(2);
    await page.close();
  });

  it('should show a game that ends in an error up to the error, with the referee message at its action', async () => {
    const bad = join(tmp, 'bad.txt');
    writeFileSync(bad, `${readFileSync(moves, 'utf8').split('\n').slice(0, 2).join('\n')}\n0 14\n`);
    const page = join(tmp, 'error.html');
    const run = runCli(['samegame', 'show', '--board', BOARD, '--moves', bad, '--out', page]);
    expect(run.status).toBe(1);
    const { page: view } = await open(page, '#move=3');
    expect(await shown(view, 'move')).toBe(3);
    expect(await shown(view, 'score')).toBe(scores[2]);
    expect(await view.locator('.error').first().textContent()).toMatch(
      /Error at action 3 \((empty-cell|single-cell)\)/,
    );
    await view.close();
  });
});

describe('the Columns replay page', () => {
  const input = join(tmp, 'instance.txt');
  const output = join(tmp, 'output.txt');
  const html = join(tmp, 'columns.html');
  let totals: number[] = [];

  beforeAll(() => {
    const instances = parseInstances(readRepoFile('datasets/columns/bench.txt'));
    if (!instances.ok) throw new Error(instances.error.message);
    const instance = instances.value[1];
    writeFileSync(input, formatInstance(instance));
    const solved = runCli(['columns', 'solve', '--input', input, '--nodes', '200000']);
    expect(solved.status).toBe(0);
    writeFileSync(output, solved.stdout);
    expect(runCli(['columns', 'show', '--input', input, '--output', output, '--out', html]).status).toBe(0);
    const placements = parseMoves(solved.stdout, instance);
    if (!placements.ok) throw new Error(placements.error.message);
    const game = validGame(playMoves(instance, placements.value));
    totals = [0];
    for (const points of game.pointsPerColumn) totals.push(totals[totals.length - 1] + points);
  });

  it('should show at its end the score verify gives, and after N columns the engine total after N columns', async () => {
    const verify = JSON.parse(runCli(['columns', 'verify', '--input', input, '--output', output, '--json']).stdout);
    const { page, requests } = await open(html);
    await page.keyboard.press('End');
    expect(await shown(page, 'score')).toBe(verify.score);
    expect(requests.filter((url) => !url.startsWith('file://'))).toEqual([]);
    await page.close();
    for (const n of [0, 1, 250, 999, totals.length - 1]) {
      const { page: at } = await open(html, `#move=${n}`);
      expect(await shown(at, 'move')).toBe(n);
      expect(await shown(at, 'score')).toBe(totals[n]);
      await at.close();
    }
  });

  it('should mark the matched jewels of a column that scored, stage by stage, and draw in color', async () => {
    const scoring = totals.findIndex((t, n) => n > 0 && t > totals[n - 1]);
    const { page } = await open(html, `#move=${scoring}`);
    const captions = await page.locator('#stages figcaption').allTextContents();
    expect(captions.length).toBeGreaterThan(0);
    expect(captions[0]).toMatch(/^(combo 1|magic): \+\d+$/);
    expect(await page.locator('#stages circle').count()).toBeGreaterThan(0);
    expect(await colorsOf(page)).toBeGreaterThan(2);
    await page.close();
  });

  it('should open a 10,000-column replay under 5 MB and reach its end (time reported)', async () => {
    const [instance] = generated({ seed: 5, columns: 10_000, width: 12, height: 19 });
    const solution = solveColumns(instance, { budget: { nodes: 400_000 } });
    if (!solution.ok) throw new Error(solution.error.message);
    const bigInput = join(tmp, 'big.txt');
    const bigOutput = join(tmp, 'big-out.txt');
    const bigHtml = join(tmp, 'big.html');
    writeFileSync(bigInput, formatInstance(instance));
    writeFileSync(bigOutput, formatMoves(solution.value.moves));
    expect(runCli(['columns', 'show', '--input', bigInput, '--output', bigOutput, '--out', bigHtml]).status).toBe(0);
    expect(statSync(bigHtml).size).toBeLessThan(5_000_000);
    const started = performance.now();
    const { page } = await open(bigHtml);
    const opened = performance.now() - started;
    await page.keyboard.press('End');
    expect(await shown(page, 'score')).toBe(solution.value.score);
    const ended = performance.now() - started;
    console.info(
      `10,000-column replay (${(statSync(bigHtml).size / 1e6).toFixed(2)} MB): opened in ${opened.toFixed(0)} ms, at its end after ${ended.toFixed(0)} ms`,
    );
    await page.close();
  }, 120_000);
});
