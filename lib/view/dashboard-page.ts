/**
 * The live view's page: one HTML document holding the chart code (`dashboard-chart.ts`) and the
 * controller (`dashboard-client.ts`) inlined, which polls the server's `state.json` and draws it.
 * No framework and nothing fetched but the state: the page works on a machine without network.
 */
import { browserScript } from './page.js';

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #1b1b1b; background: #fafafa; }
h1 { font-size: 1.25rem; margin: 0 0 0.5rem; }
h2 { font-size: 1rem; margin: 1.25rem 0 0.5rem; }
dl { display: grid; grid-template-columns: repeat(2, auto); gap: 0.25rem 1rem; margin: 0 0 0.75rem; max-width: 48rem; }
dl div { display: contents; }
dt { color: #555; }
dd { margin: 0; font-variant-numeric: tabular-nums; font-weight: 600; }
#fitness svg, #parameters svg { max-width: 100%; height: auto; background: #fff; }
#parameters { display: flex; flex-wrap: wrap; gap: 0.75rem; }
#parameters figure { margin: 0; }
#failures { font-family: ui-monospace, monospace; font-size: 0.85rem; white-space: pre-wrap; }
#status { color: #555; font-size: 0.85rem; }
.warning { color: #8a5a00; }
`;

/** The dashboard page; it finds `state.json` beside its own address. */
export function dashboardPageHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>tilefall tune</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>tilefall tune: live view</h1>
<p id="status" aria-live="polite">waiting for the run's state…</p>
<dl id="facts"></dl>
<h2>Fitness per generation</h2>
<figure id="fitness" data-testid="fitness"></figure>
<h2>Parameters per generation (best genome, within bounds)</h2>
<div id="parameters"></div>
<h2>Failed games</h2>
<ul id="failures" data-testid="failures"></ul>
</main>
<script>
(() => {
${browserScript('dashboard-chart')}
${browserScript('dashboard-client')}
})();
</script>
</body>
</html>
`;
}
