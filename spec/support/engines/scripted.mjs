// A scripted engine for the conformance specs: reads its whole input, prints a file's text, then
// exits with a code (after a line on stderr) or stalls. Usage:
// node scripted.mjs OUTPUT_FILE [--exit N] [--stderr TEXT] [--stall]
import { readFileSync } from 'node:fs';

const [file, ...flags] = process.argv.slice(2);
const flag = (name) => {
  const at = flags.indexOf(name);
  return at < 0 ? undefined : flags[at + 1];
};
process.stdin.resume();
process.stdin.on('data', () => {});
process.stdin.on('end', () => {
  process.stdout.write(readFileSync(file, 'utf8'), () => {
    const said = flag('--stderr');
    if (said !== undefined) process.stderr.write(`${said}\n`);
    if (flags.includes('--stall')) setInterval(() => {}, 1000);
    else process.exitCode = Number(flag('--exit') ?? 0);
  });
});
