// The `futc` command lines behind the extension's commands, where their
// results land, and how their failures read.
//
// Pure functions: no `vscode` import, so the unit tests run under plain node.

import * as path from 'node:path';

/** One run of `futc`: its arguments, its working folder and the file it makes. */
export interface Invocation {
  args: string[];
  cwd: string;
  /** The file to show when the run succeeds. */
  result: string;
}

/**
 * `futc literate FILE -o MD` in FILE's folder: the Markdown goes beside the
 * program, named after it with the extension `.md` (what `futc literate`
 * writes by default, named explicitly so that the preview opens the right
 * file). The names are relative, and so are the places in futc's errors.
 */
export function literateInvocation(file: string): Invocation {
  const { dir, base, name } = path.parse(file);
  const markdown = `${name}.md`;
  return { args: ['literate', base, '-o', markdown], cwd: dir, result: path.join(dir, markdown) };
}

/**
 * The folder to document for `file`: the workspace folder holding it, the
 * innermost if they nest, or else the file's own folder.
 */
export function docFolder(file: string, workspaceFolders: readonly string[]): string {
  const holding = workspaceFolders
    .filter((folder) => {
      const relative = path.relative(folder, file);
      return relative.length > 0 && !relative.startsWith('..') && !path.isAbsolute(relative);
    })
    .sort((a, b) => b.length - a.length);
  return holding[0] ?? path.dirname(file);
}

/**
 * `futc doc FOLDER -o OUT`, with OUT in the folder `outputRoot` (the
 * extension's storage, so that the workspace gets no generated files),
 * named after FOLDER; the page to open is OUT/index.html.
 */
export function docInvocation(folder: string, outputRoot: string): Invocation {
  const output = path.join(outputRoot, 'doc', path.basename(folder) || 'root');
  return { args: ['doc', folder, '-o', output], cwd: folder, result: path.join(output, 'index.html') };
}

/** The command line as a shell would take it, for the log. */
export function commandLine(executable: string, args: readonly string[]): string {
  const quote = (word: string): string => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);
  return [executable, ...args].map(quote).join(' ');
}

/**
 * How a failed run reads in a notification: what failed, how it ended, and
 * the first lines of its standard error (where the first error is).
 */
export function failureMessage(what: string, exit: number | string, stderr: string, maxLines = 6): string {
  const lines = stderr.split('\n').filter((line) => line.trim().length > 0);
  const shown = lines.slice(0, maxLines).join('\n');
  const omitted = lines.length > maxLines ? '\n…' : '';
  const status = typeof exit === 'number' ? `exit status ${exit}` : `signal ${exit}`;
  return `${what} failed (${status})${shown ? `:\n${shown}${omitted}` : '.'}`;
}
