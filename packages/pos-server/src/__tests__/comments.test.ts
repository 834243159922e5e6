import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Comments say why, and what they point at is in the repository: no tracker issue numbers (the history of a change
 * belongs to its commit), and no references to documents that live beside the repository rather than in it (the
 * team's design folder and its shared folder); docs/*.md is where the repository's own explanations are.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Where the code is: every package's sources, the UI's end-to-end tests and the examples. */
function scannedRoots(): string[] {
  const packages = join(ROOT, 'packages');
  const roots = readdirSync(packages).map((name) => join(packages, name, 'src'));
  return [...roots, join(packages, 'pos-react', 'e2e'), join(ROOT, 'examples')];
}

const SOURCE = /\.(?:ts|tsx|mts|mjs|cts|cjs|js|jsx)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', '__fixtures__']);

function sourceFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : sourceFiles(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A comment of a source file: its text and the line it starts on (1-based). */
interface Comment {
  text: string;
  line: number;
}

/**
 * The comments of a file, found by TypeScript's parser (so a `//` inside a string, a template or a regular
 * expression is no comment): the comments before and after every token of the syntax tree, each once.
 */
function commentsOf(fileName: string, text: string): Comment[] {
  const kind = /\.[jt]sx$/.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Map<number, Comment>();
  const collect = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      const { line } = source.getLineAndCharacterOfPosition(range.pos);
      seen.set(range.pos, { text: text.slice(range.pos, range.end), line: line + 1 });
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...seen.values()].sort((a, b) => a.line - b.line);
}

/** A tracker reference: the word issue (or issues), an optional hash, a number. */
const ISSUE = /\bissues? #?\d+\b/i;
/** A document outside the repository: the design folder or the shared folder beside it. */
const OUTSIDE = [`${'design'}/`, `${'..'}/shared/`];

/** What is wrong with a comment's text, one line each, or nothing. */
function commentProblems(text: string): string[] {
  const problems: string[] = [];
  const issue = ISSUE.exec(text);
  if (issue !== null) problems.push(`names a tracker issue ('${issue[0]}')`);
  for (const outside of OUTSIDE) {
    if (text.includes(outside)) problems.push(`points outside the repository ('${outside}')`);
  }
  return problems;
}

describe('comments', () => {
  it('finds comments and only comments', () => {
    const hash = '#';
    const text = [
      `const a = 'issue ${7}'; // tracker ${'issue'} ${hash}12`,
      `/** See ${'design'}/contract.md. */`,
      'const b = `// not a comment`;',
    ].join('\n');
    const found = commentsOf('x.ts', text).map((comment) => [comment.line, commentProblems(comment.text)]);
    expect(found).toEqual([
      [1, [`names a tracker issue ('issue ${hash}12')`]],
      [2, [`points outside the repository ('${'design'}/')`]],
    ]);
  });

  it('name no tracker issue and point at nothing outside the repository', () => {
    const problems: string[] = [];
    for (const file of scannedRoots().flatMap(sourceFiles)) {
      for (const comment of commentsOf(file, readFileSync(file, 'utf8'))) {
        for (const problem of commentProblems(comment.text)) {
          problems.push(`${relative(ROOT, file)}:${comment.line} ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
