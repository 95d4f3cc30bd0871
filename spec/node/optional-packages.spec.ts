import { describe, expect, it } from 'vitest';
import { importOptional, MissingPackageError, OPTIONAL_FEATURES } from '../../lib/node/optional-packages.js';
import { readRepoFile } from '../support/repo.js';

// A package name no registry holds, imported through a variable so that no tool resolves it early.
const ABSENT = 'tilefall-spec-absent-package';
const absentFeature = { option: '--absent', packages: [ABSENT, 'tilefall-spec-other'] };

describe('importOptional', () => {
  it('should give what the imports give when the packages are installed', async () => {
    const [vegaLite, vega] = await importOptional(OPTIONAL_FEATURES.plot, () =>
      Promise.all([import('vega-lite'), import('vega')]),
    );
    expect(typeof vegaLite.compile).toBe('function');
    expect(typeof vega.View).toBe('function');
  });

  it('should name the option and every package to install, in one line, when one is missing', async () => {
    const loading = importOptional(absentFeature, () => import(ABSENT));
    await expect(loading).rejects.toThrow(MissingPackageError);
    await expect(loading).rejects.toThrow(
      /^--absent needs the optional packages tilefall-spec-absent-package and tilefall-spec-other: npm install tilefall-spec-absent-package tilefall-spec-other$/,
    );
  });

  it('should pass on a missing package that is not the feature’s, and any other failure, as it is', async () => {
    const other = 'tilefall-spec-unrelated-package';
    await expect(importOptional(absentFeature, () => import(other))).rejects.not.toThrow(MissingPackageError);
    const boom = new Error('boom');
    await expect(importOptional(OPTIONAL_FEATURES.queue, () => Promise.reject(boom))).rejects.toBe(boom);
  });
});

describe('OPTIONAL_FEATURES', () => {
  it('should name only packages the package declares as optional peers', () => {
    const manifest = JSON.parse(readRepoFile('package.json'));
    for (const feature of Object.values(OPTIONAL_FEATURES)) {
      for (const name of feature.packages) {
        expect(manifest.peerDependencies[name], name).toBeDefined();
        expect(manifest.peerDependenciesMeta[name], name).toEqual({ optional: true });
        expect(manifest.dependencies[name], name).toBeUndefined();
        expect(manifest.devDependencies[name], name).toBe(manifest.peerDependencies[name]);
      }
    }
  });
});
