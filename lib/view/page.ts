/**
 * The replay page: one HTML file that opens from disk with no network, holding the game as data
 * (JSON), the drawing code of `render.ts` and the controller of `player.ts`, both inlined as
 * JavaScript. The page only draws what the data gives; the engine computed every position in Node.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Replay as ColumnsReplayData } from '../columns/engine/replay.js';
import type { Replay as SameGameReplayData } from '../samegame/engine/replay.js';

/**
 * The JavaScript of `name` (`render` or `player`, or the dashboard's two files) for a page: the
 * compiled file beside this module (a built package, a clone's build), or, run from the TypeScript
 * itself (the specs, tsx), the TypeScript with its types stripped by esbuild (a dev dependency).
 * Not `Function.prototype.toString`: tsx adds calls to its own helpers there.
 * Imports go (the page holds both files in one script) and so do `export` keywords.
 */
export function browserScript(name: 'render' | 'player' | 'dashboard-chart' | 'dashboard-client'): string {
  const built = new URL(`./${name}.js`, import.meta.url);
  const code = existsSync(built)
    ? readFileSync(built, 'utf8')
    : createRequire(import.meta.url)('esbuild').transformSync(
        readFileSync(new URL(`./${name}.ts`, import.meta.url), 'utf8'),
        { loader: 'ts', format: 'esm', target: 'es2022' },
      ).code;
  return code
    .replace(/^import\b[^;]*;/gm, '')
    .replace(/^export /gm, '')
    .replace(/^\/\/# sourceMappingURL=.*$/gm, '');
}

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #1b1b1b; background: #fafafa; }
h1 { font-size: 1.25rem; margin: 0 0 1rem; }
.layout { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
#view { margin: 0; }
#view svg { max-width: 100%; height: auto; }
aside { min-width: 16rem; max-width: 28rem; }
dl { display: grid; grid-template-columns: repeat(2, auto); gap: 0.25rem 1rem; margin: 0 0 0.75rem; }
dl div { display: contents; }
dt { color: #555; }
dd { margin: 0; font-variant-numeric: tabular-nums; font-weight: 600; }
.controls { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin-top: 1rem; }
button { font-size: 1.1rem; min-width: 2.6rem; min-height: 2.4rem; }
button:focus-visible, input:focus-visible { outline: 3px solid #0072B2; outline-offset: 2px; }
#slider { flex: 1 1 16rem; }
.warning { color: #8a5a00; }
.error { color: #b00000; font-weight: 600; }
#stages { display: flex; flex-wrap: wrap; gap: 0.5rem; }
#stages figure { margin: 0; text-align: center; font-size: 0.8rem; }
`;

/** The page for a replay (either game), with a title. */
export function replayHtml(replay: SameGameReplayData | ColumnsReplayData, title: string): string {
  // The data sits in a JSON script element: "<" is escaped so no text in it can close the element.
  const json = JSON.stringify(replay).replace(/</g, '\\u003c');
  const steps = replay.game === 'samegame' ? 'actions' : 'columns';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<div class="layout">
<figure id="view" aria-live="polite"></figure>
<aside>
<dl id="facts"></dl>
<div id="notes"></div>
<div id="stages" aria-label="How the last step resolved"></div>
</aside>
</div>
<div class="controls" role="toolbar" aria-label="Replay controls">
<button type="button" id="first" aria-label="First position" title="First (Home)">« First</button>
<button type="button" id="prev" aria-label="Previous step" title="Previous (Left arrow)">‹ Prev</button>
<button type="button" id="play" aria-label="Play" title="Play or pause (Space)">▶ Play</button>
<button type="button" id="next" aria-label="Next step" title="Next (Right arrow)">Next ›</button>
<button type="button" id="last" aria-label="Last position" title="Last (End)">Last »</button>
<input type="range" id="slider" min="0" max="0" value="0" aria-label="Position, in ${steps} played">
<label><input type="checkbox" id="glyphs"> glyphs</label>
</div>
</main>
<script type="application/json" id="replay-data">${json}</script>
<script>
(() => {
${browserScript('render')}
${browserScript('player')}
})();
</script>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}
