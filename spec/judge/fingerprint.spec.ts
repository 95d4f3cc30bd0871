import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { botFingerprint } from '../../lib/judge/fingerprint.js';
import { scratchDirectory } from '../support/scratch.js';

const tmp = scratchDirectory('tilefall-fingerprint-');

describe('botFingerprint', () => {
  const script = join(tmp, 'bot.py');
  const command = `python3 ${script}`;
  const argv = ['python3', script];

  it('should be the same for the same command and program file, and change with either', () => {
    writeFileSync(script, 'print("0 0")\n');
    const first = botFingerprint(command, argv);
    expect(botFingerprint(command, argv)).toBe(first);
    expect(botFingerprint(`${command} --fast`, [...argv, '--fast'])).not.toBe(first);
    writeFileSync(script, 'print("1 1")\n');
    expect(botFingerprint(command, argv)).not.toBe(first);
  });

  it("should stand for the given version instead of the files' bytes", () => {
    writeFileSync(script, 'print("0 0")\n');
    const versioned = botFingerprint(command, argv, 'v7');
    writeFileSync(script, 'print("2 2")\n');
    expect(botFingerprint(command, argv, 'v7')).toBe(versioned);
    expect(botFingerprint(command, argv, 'v8')).not.toBe(versioned);
    expect(botFingerprint(command, argv)).not.toBe(versioned);
  });

  it('should take a command naming no file (a program on the PATH, a missing one) by its text alone', () => {
    const missing = ['./nowhere/bot', '--depth', '3'];
    expect(botFingerprint('./nowhere/bot --depth 3', missing)).toBe(botFingerprint('./nowhere/bot --depth 3', missing));
    expect(botFingerprint('./nowhere/bot --depth 3', missing)).toMatch(/^[0-9a-f]{16}$/);
    expect(botFingerprint(tmp, [tmp])).toMatch(/^[0-9a-f]{16}$/);
  });
});
