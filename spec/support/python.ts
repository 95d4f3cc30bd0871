// The Python interpreter for the specs that run the example engines: the real executable behind
// `python3`, so a version manager's shim (which can take a tenth of a second a start) is paid once.
import { execFileSync } from 'node:child_process';

export const PYTHON: string = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], {
  encoding: 'utf8',
}).trim();
