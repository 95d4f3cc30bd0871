// The documentation's relative links resolve: every link and image of README.md and docs/**/*.md
// that points into the repository names a file that exists, and its `#anchor` (or a bare
// `#anchor` into the same file) names a heading of the target, slugged as GitHub slugs headings.
// External links (with a scheme, such as https:) are not fetched.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_DIR } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';

/**
 * GitHub's anchor for a heading's text: lowercase, every character that is not a letter, a digit,
 * a mark, `_` (or another connector), `-` or a space dropped, then each space turned into `-`.
 */
function githubSlug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The text a heading renders to: a link's text instead of the link, without HTML tags. */
function headingText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim();
}

/** The lines of a Markdown text with fenced code blocks blanked (so line numbers stay right). */
function proseLines(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split('\n').map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker !== undefined) {
      fence = marker;
      return '';
    }
    if (fence !== null) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = null;
      return '';
    }
    return line;
  });
}

/** The anchors a Markdown text defines: its headings' slugs (repeats get `-1`, `-2`, …) and HTML ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const add = (text: string) => {
    const slug = githubSlug(headingText(text));
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  };
  const lines = proseLines(markdown);
  lines.forEach((line, i) => {
    const atx = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (atx) add(atx[1] ?? '');
    else if (/^ {0,3}(=+|-+)[ \t]*$/.test(line) && i > 0 && /^ {0,3}[^\s#>*+-]/.test(lines[i - 1])) add(lines[i - 1]);
    for (const match of line.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
  });
  return anchors;
}

/** A link found in a Markdown file: its 1-based line and its target as written. */
interface Link {
  readonly line: number;
  readonly target: string;
}

/** The links and images of a Markdown text (inline, reference definitions, HTML), outside code. */
function linksOf(markdown: string): Link[] {
  const links: Link[] = [];
  proseLines(markdown).forEach((raw, i) => {
    const line = raw.replace(/(`+)(?:(?!\1).)+?\1/g, (span) => ' '.repeat(span.length));
    const patterns = [
      /\]\(\s*<([^>]*)>[^)]*\)/g,
      /\]\(\s*([^)\s<]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g,
      /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/g,
      /\s(?:href|src)="([^"]+)"/g,
    ];
    for (const pattern of patterns)
      for (const match of line.matchAll(pattern)) links.push({ line: i + 1, target: match[1] });
  });
  return links;
}

/**
 * What is wrong with each relative link of the Markdown file `file` (a path from `root`): the
 * target does not exist, or its anchor names no heading of the Markdown file it points to.
 */
function brokenLinks(root: string, file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const broken: string[] = [];
  for (const { line, target } of linksOf(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const hash = target.indexOf('#');
    const path = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
    const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
    const resolved = path === '' ? join(root, file) : join(root, path.startsWith('/') ? '' : dirname(file), path);
    const where = `${file}:${line}: ${target}`;
    if (!existsSync(resolved)) {
      broken.push(`${where} (no such file: ${relative(root, resolved)})`);
      continue;
    }
    if (anchor === null || !resolved.endsWith('.md') || statSync(resolved).isDirectory()) continue;
    if (!anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) {
      broken.push(`${where} (no heading #${anchor} in ${relative(root, resolved)})`);
    }
  }
  return broken;
}

/** README.md and every Markdown file under docs/, as paths from the repository root. */
function documentationFiles(): string[] {
  const docs = readdirSync(join(REPO_DIR, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f));
  return ['README.md', ...docs.sort()];
}

describe('githubSlug', () => {
  it('should lowercase, drop punctuation but - and _, and turn each space into -', () => {
    expect(githubSlug('The ninth retune, checked at 20 s and shipped (2026-11-26, midday)')).toBe(
      'the-ninth-retune-checked-at-20-s-and-shipped-2026-11-26-midday',
    );
    expect(githubSlug('samegame tune: evolve the weights')).toBe('samegame-tune-evolve-the-weights');
    expect(githubSlug('`solve`: the solver')).toBe('solve-the-solver');
    expect(githubSlug('snake_case and kebab-case')).toBe('snake_case-and-kebab-case');
    expect(githubSlug('+0.6 ± 18.0 — no')).toBe('06--180--no');
    expect(githubSlug('Équipe à 2')).toBe('équipe-à-2');
  });

  it('should not keep punctuation or case that GitHub drops', () => {
    expect(githubSlug('What did not help?')).not.toBe('what-did-not-help?');
    expect(githubSlug('The Bench')).not.toBe('The-Bench');
    expect(githubSlug('a, b')).not.toBe('a,-b');
  });
});

describe('anchorsOf', () => {
  it('should slug ATX and setext headings, number repeats and skip headings in code blocks', () => {
    const markdown = [
      '# Title',
      '## A [linked](x.md) `code` heading ##',
      '## Title',
      'Setext',
      '------',
      '```sh',
      '# not a heading',
      '```',
      '<a id="custom"></a>',
    ].join('\n');
    expect([...anchorsOf(markdown)].sort()).toEqual(
      ['title', 'a-linked-code-heading', 'title-1', 'setext', 'custom'].sort(),
    );
  });
});

describe('linksOf', () => {
  it('should find inline links, images and reference definitions but not links in code', () => {
    const markdown = [
      'See [the rules](docs/rules/samegame.md#the-rules "Rules") and ![a picture](<pictures/a b.svg>).',
      '[ref]: ../lib/x.ts',
      'Not `[this](nowhere.md)`, nor:',
      '```md',
      '[that](nowhere.md)',
      '```',
    ].join('\n');
    expect(linksOf(markdown)).toEqual([
      { line: 1, target: 'pictures/a b.svg' },
      { line: 1, target: 'docs/rules/samegame.md#the-rules' },
      { line: 2, target: '../lib/x.ts' },
    ]);
  });
});

describe('brokenLinks', () => {
  it('should report a missing file, a missing anchor and a missing same-file anchor, and pass good links', () => {
    const root = scratchDirectory('doc-links-');
    mkdirSync(join(root, 'docs/rules'), { recursive: true });
    writeFileSync(join(root, 'README.md'), '# Tilefall\n\n## Two commands\n');
    writeFileSync(join(root, 'docs/rules/game.md'), '# The game\n');
    const page = [
      '# Guide',
      '[ok](../README.md#two-commands) [ok](rules/game.md) [ok](rules/) [ok](#guide) [web](https://x.org/#no)',
      '[missing file](no-such-file.md)',
      '[missing heading](../README.md#three-commands)',
      '[case](#Guide)',
      '[repeat](#guide-1)',
    ].join('\n');
    writeFileSync(join(root, 'docs/guide.md'), page);
    expect(brokenLinks(root, 'docs/guide.md')).toEqual([
      'docs/guide.md:3: no-such-file.md (no such file: docs/no-such-file.md)',
      'docs/guide.md:4: ../README.md#three-commands (no heading #three-commands in README.md)',
      'docs/guide.md:5: #Guide (no heading #Guide in docs/guide.md)',
      'docs/guide.md:6: #guide-1 (no heading #guide-1 in docs/guide.md)',
    ]);
  });
});

describe('the documentation', () => {
  it('should resolve every relative link and heading anchor of README.md and docs/**/*.md', () => {
    const files = documentationFiles();
    expect(files).toContain('docs/rules/samegame.md');
    expect(files.flatMap((f) => brokenLinks(REPO_DIR, f))).toEqual([]);
  });
});
