import { execFileSync, spawn } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWrittenInPlace, MAX_TEXT_BYTES, readTextFile, writeFileAtomic } from '../../lib/node/files.js';
import { scratchDirectory } from '../support/scratch.js';

const dir = scratchDirectory('tilefall-files-');

describe('readTextFile', () => {
  it('should read a text file', () => {
    writeFileSync(join(dir, 'a.txt'), 'hello\n');
    expect(readTextFile(join(dir, 'a.txt'))).toEqual({ ok: true, value: 'hello\n' });
  });

  it('should name a missing file, a directory and a binary file', () => {
    writeFileSync(join(dir, 'bin.dat'), Buffer.from([1, 0, 2]));
    expect(readTextFile(join(dir, 'none'))).toEqual({
      ok: false,
      error: { file: join(dir, 'none'), message: 'does not exist' },
    });
    expect(readTextFile(dir)).toMatchObject({ ok: false, error: { message: 'is a directory, expected a file' } });
    expect(readTextFile(join(dir, 'bin.dat'))).toMatchObject({
      ok: false,
      error: { message: 'is binary, expected text' },
    });
  });

  it('should leave out a byte order mark at the start, and only there', () => {
    const file = join(dir, 'bom.txt');
    fc.assert(
      fc.property(
        fc.string({ maxLength: 50 }).filter((text) => !text.includes('\0')),
        (text) => {
          writeFileSync(file, `\uFEFF${text}`);
          expect(readTextFile(file)).toEqual({ ok: true, value: text });
        },
      ),
    );
    writeFileSync(file, '{"a": "\uFEFF"}');
    expect(readTextFile(file)).toEqual({ ok: true, value: '{"a": "\uFEFF"}' });
  });

  it('should refuse bytes that are not UTF-8', () => {
    writeFileSync(join(dir, 'latin1.txt'), Buffer.from([0x31, 0xe9, 0x32]));
    expect(readTextFile(join(dir, 'latin1.txt'))).toMatchObject({
      ok: false,
      error: { message: 'is not valid UTF-8 text' },
    });
  });
});

describe('readTextFile past the cap', () => {
  it('should read a file of exactly the cap and refuse one byte more, naming the cap', () => {
    const atCap = join(dir, 'at-cap.txt');
    writeFileSync(atCap, Buffer.alloc(MAX_TEXT_BYTES, 'y'));
    const read = readTextFile(atCap);
    expect(read.ok && read.value.length).toBe(MAX_TEXT_BYTES);
    writeFileSync(atCap, Buffer.alloc(MAX_TEXT_BYTES + 1, 'y'));
    expect(readTextFile(atCap)).toEqual({
      ok: false,
      error: { file: atCap, message: `is too large (more than ${MAX_TEXT_BYTES} bytes)` },
    });
  });

  it('should refuse an endless device, whose size reads as 0, instead of reading it forever', () => {
    expect(readTextFile('/dev/zero')).toEqual({
      ok: false,
      error: { file: '/dev/zero', message: 'is binary, expected text' },
    });
  });
});

describe('writeFileAtomic', () => {
  it('should write the target of a symbolic link, dangling or not, and keep the link', () => {
    const real = join(dir, 'link-targets');
    mkdirSync(real, { recursive: true });
    writeFileSync(join(real, 'kept.txt'), 'old\n');
    symlinkSync(join('link-targets', 'kept.txt'), join(dir, 'kept-link.txt'));
    symlinkSync(join('link-targets', 'new.txt'), join(dir, 'new-link.txt'));
    for (const [link, target] of [
      ['kept-link.txt', 'kept.txt'],
      ['new-link.txt', 'new.txt'],
    ]) {
      expect(writeFileAtomic(join(dir, link), `through ${link}\n`)).toEqual({ ok: true, value: undefined });
      expect(lstatSync(join(dir, link)).isSymbolicLink()).toBe(true);
      expect(readFileSync(join(real, target), 'utf8')).toBe(`through ${link}\n`);
    }
  });

  it('should replace the file whole and leave no temporary file behind', () => {
    const target = join(dir, 'out.json');
    writeFileSync(target, 'old');
    expect(writeFileAtomic(target, 'new content')).toEqual({ ok: true, value: undefined });
    expect(readFileSync(target, 'utf8')).toBe('new content');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('should fail cleanly, leaving what was there and no temporary file', () => {
    const target = join(dir, 'occupied');
    mkdirSync(target);
    writeFileSync(join(target, 'inside.txt'), 'precious');
    expect(writeFileAtomic(target, 'new')).toMatchObject({ ok: false, error: { file: target } });
    expect(readFileSync(join(target, 'inside.txt'), 'utf8')).toBe('precious');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(writeFileAtomic(join(dir, 'no-such-dir', 'x.json'), 'data')).toMatchObject({ ok: false });
  });

  it('should write a FIFO in place, not rename a file over it', async () => {
    const fifo = join(dir, 'out.fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo]);
    let read = '';
    reader.stdout.setEncoding('utf8').on('data', (chunk: string) => (read += chunk));
    const ended = new Promise((resolve) => reader.on('close', resolve));
    expect(writeFileAtomic(fifo, 'through the pipe\n')).toEqual({ ok: true, value: undefined });
    await ended;
    expect(read).toBe('through the pipe\n');
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('should write a descriptor path through its descriptor, whatever it points to', () => {
    expect(isWrittenInPlace('/dev/stdout')).toBe(true);
    expect(isWrittenInPlace('/dev/fd/3')).toBe(true);
    expect(isWrittenInPlace(join(dir, 'a.txt'))).toBe(false);
    expect(writeFileAtomic('/dev/fd/999', 'x')).toMatchObject({
      ok: false,
      error: { message: 'cannot be written (EBADF)' },
    });
  });
});
