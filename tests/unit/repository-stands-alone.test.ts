import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// The repository stands alone (docs/product.md, difference 16): every document a file points at
// is in the repository. The first brief and its design notes lived in a shared folder beside it,
// and comments cited them by name in capitals; those references are refused here.
// The patterns are spelt in pieces so that this file does not match itself.
const up = ['..', 'shared'].join('/');
const brief = ['SP', 'EC'].join('');
const design = ['DES', 'IGN'].join('');
const outside: readonly { what: string; pattern: RegExp }[] = [
  { what: `a path outside the repository (${up})`, pattern: new RegExp(`\\.\\./shared\\b`) },
  { what: `${brief}.md or ${design}.md`, pattern: new RegExp(`\\b(?:${brief}|${design})\\.md\\b`) },
  // Case-sensitive whole words: "spec-conformance", "design" and identifiers such as
  // `${brief}_X` (the underscore is a word character) do not match.
  { what: `a bare ${brief} or ${design} as a document`, pattern: new RegExp(`\\b(?:${brief}|${design})\\b`) },
];

/** Tracked files (and those added but not yet committed), without dependencies or builds. */
function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((file) => file !== '' && !/(^|\/)(node_modules|dist)\//.test(file))
    .filter((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

describe('the repository stands alone', () => {
  it('has no file that points at a document outside it', () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      const bytes = fs.readFileSync(file);
      if (bytes.includes(0)) continue; // images, fonts and other binaries
      bytes
        .toString('utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const { what, pattern } of outside) {
            if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what}: ${line.trim().slice(0, 120)}`);
          }
        });
    }
    expect(found, found.join('\n')).toEqual([]);
  });
});
