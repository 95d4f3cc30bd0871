/**
 * Rendering a vega-lite chart to a standalone SVG document. vega and vega-lite are optional peer
 * packages (only `--plot` uses them) and take about half a second to load, so they are imported on
 * first use, not when this module is.
 */
import type * as Vega from 'vega';
import type * as VegaLite from 'vega-lite';
import { importOptional, OPTIONAL_FEATURES } from './optional-packages.js';

/** A vega-lite specification (plain data). */
export type VegaLiteSpec = Readonly<Record<string, unknown>>;

/**
 * vega-lite and vega, or a `MissingPackageError` naming them when they are not installed. A
 * command with `--plot` calls it first, so a missing package is reported before the work, not after.
 */
export function loadPlotPackages(): Promise<[typeof VegaLite, typeof Vega]> {
  return importOptional(OPTIONAL_FEATURES.plot, () => Promise.all([import('vega-lite'), import('vega')]));
}

/** Renders `spec` (vega-lite) to an SVG document. */
export async function renderVegaLite(spec: VegaLiteSpec): Promise<string> {
  const [{ compile }, { parse, View }] = await loadPlotPackages();
  const compiled = compile({ $schema: 'https://vega.github.io/schema/vega-lite/v6.json', ...spec } as never);
  const view = new View(parse(compiled.spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
