// A program that misbehaves on purpose, for the specs of the judges, `conform` and `tune --bot`:
// it answers correctly, then leaves a process behind the way a careless or hostile program does.
// Usage: node hostile-program.mjs [options]
//   --read N|all         read N lines of stdin (a SameGame board is 15), or all of it, before answering
//   --answer TEXT        print TEXT (JSON string escapes read: \n, \u001b) once it has read its input
//   --answer-file FILE   print the text of FILE instead
//   --stderr TEXT        write TEXT (escapes read) to stderr
//   --env-log FILE       write its environment to FILE, as JSON
//   --leave HOW MARKER   leave `sleep MARKER` running, started this way:
//                          holding     in its group, holding its stdout and stderr
//                          own-stdio   in its group, its stdio on /dev/null (as `nohup … >/dev/null 2>&1 &`)
//                          setsid      in a session of its own (setsid), holding its stdout
//                          clean       in a session of its own, its environment cleared (`env -i setsid`)
//   --stay               keep running after answering (default: exit 0)
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
};
const unescaped = (text) => JSON.parse(`"${text}"`);

const envLog = option('--env-log');
if (envLog !== undefined) writeFileSync(envLog, JSON.stringify(process.env));

function leave() {
  const at = args.indexOf('--leave');
  if (at < 0) return;
  const [how, marker] = args.slice(at + 1, at + 3);
  const ways = {
    holding: { command: 'sleep', args: [marker], options: { stdio: ['ignore', 'inherit', 'inherit'] } },
    'own-stdio': { command: 'sleep', args: [marker], options: { stdio: 'ignore' } },
    setsid: { command: 'sleep', args: [marker], options: { stdio: ['ignore', 'inherit', 'ignore'], detached: true } },
    clean: { command: 'env', args: ['-i', 'setsid', '-f', 'sleep', marker], options: { stdio: 'ignore' } },
  };
  const way = ways[how];
  spawn(way.command, way.args, way.options).unref();
}

let answered = false;

function answer() {
  if (answered) return;
  answered = true;
  const text = option('--answer');
  const file = option('--answer-file');
  const output = file !== undefined ? readFileSync(file, 'utf8') : text !== undefined ? unescaped(text) : '';
  const said = option('--stderr');
  if (said !== undefined) process.stderr.write(unescaped(said));
  leave();
  process.stdout.write(output, () => {
    if (args.includes('--stay')) setInterval(() => {}, 1000);
    else process.exit(0);
  });
}

const wanted = option('--read') ?? 'all';
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  input += chunk;
  if (wanted !== 'all' && input.split('\n').length > Number(wanted)) {
    process.stdin.pause();
    answer();
  }
});
process.stdin.on('end', () => {
  if (wanted === 'all') answer();
});
