// Before any spec file: the clone's build of the current sources (scripts/clone-build.mjs), so the
// specs that spawn the CLI side by side find it made instead of each making it at their first run.
import { currentBuild } from '../../scripts/clone-build.mjs';
import { REPO_DIR } from '../support/repo.js';

export default async function setup(): Promise<void> {
  await currentBuild(REPO_DIR);
}
