/**
 * Rendering a vega-lite chart to a standalone SVG document. vega and vega-lite take about half a
 * second to load, so they are imported on first use, not when this module is.
 */

/** A vega-lite specification (plain data). */
export type VegaLiteSpec = Readonly<Record<string, unknown>>;

/** Renders `spec` (vega-lite) to an SVG document. */
export async function renderVegaLite(spec: VegaLiteSpec): Promise<string> {
  const [{ compile }, { parse, View }] = await Promise.all([import('vega-lite'), import('vega')]);
  const compiled = compile({ $schema: 'https://vega.github.io/schema/vega-lite/v6.json', ...spec } as never);
  const view = new View(parse(compiled.spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
