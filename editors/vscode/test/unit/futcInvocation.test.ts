import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  commandLine,
  docFolder,
  docInvocation,
  failureMessage,
  literateInvocation,
} from '../../src/futcInvocation';

describe('literateInvocation', () => {
  it('writes the Markdown beside the program, its extension replaced by .md', () => {
    assert.deepEqual(literateInvocation('/work/project/notes/mandelbrot.fut'), {
      args: ['literate', 'mandelbrot.fut', '-o', 'mandelbrot.md'],
      cwd: '/work/project/notes',
      result: '/work/project/notes/mandelbrot.md',
    });
  });

  it('replaces only the last extension', () => {
    assert.equal(literateInvocation('/p/a.b.fut').result, '/p/a.b.md');
    assert.equal(literateInvocation('/p/noext').result, '/p/noext.md');
    assert.deepEqual(literateInvocation('/p/a.b.fut').args, ['literate', 'a.b.fut', '-o', 'a.b.md']);
  });
});

describe('docFolder', () => {
  it('is the workspace folder holding the file', () => {
    assert.equal(docFolder('/work/project/src/lib.fut', ['/other', '/work/project']), '/work/project');
  });

  it('is the innermost of nested workspace folders', () => {
    assert.equal(docFolder('/w/p/sub/lib.fut', ['/w/p', '/w/p/sub']), '/w/p/sub');
  });

  it("is the file's own folder outside every workspace folder", () => {
    assert.equal(docFolder('/tmp/scratch/a.fut', ['/work/project']), '/tmp/scratch');
    assert.equal(docFolder('/tmp/scratch/a.fut', []), '/tmp/scratch');
  });

  it('does not take a sibling folder with a common prefix for a parent', () => {
    assert.equal(docFolder('/work/project-2/a.fut', ['/work/project']), '/work/project-2');
  });
});

describe('docInvocation', () => {
  it('documents the folder into the storage folder and opens index.html', () => {
    assert.deepEqual(docInvocation('/work/project', '/storage/ws1'), {
      args: ['doc', '/work/project', '-o', '/storage/ws1/doc/project'],
      cwd: '/work/project',
      result: '/storage/ws1/doc/project/index.html',
    });
  });

  it('names the output after the root folder too', () => {
    assert.equal(docInvocation('/', '/s').result, '/s/doc/root/index.html');
  });
});

describe('commandLine', () => {
  it('quotes only words a shell would split or expand', () => {
    assert.equal(
      commandLine('/usr/bin/futc', ['literate', '/home/me/My Notes/it\'s.fut', '-o', 'a.md']),
      "/usr/bin/futc literate '/home/me/My Notes/it'\\''s.fut' -o a.md",
    );
  });
});

describe('failureMessage', () => {
  it('names the exit status and the first lines of standard error', () => {
    assert.equal(
      failureMessage('futc literate', 2, 'prog.fut:3:5: error: unknown name `y`\n\n  | def x = y\n'),
      'futc literate failed (exit status 2):\nprog.fut:3:5: error: unknown name `y`\n  | def x = y',
    );
  });

  it('cuts long standard error and marks the cut', () => {
    const stderr = ['1', '2', '3', '4'].join('\n');
    assert.equal(failureMessage('futc doc', 1, stderr, 2), 'futc doc failed (exit status 1):\n1\n2\n…');
  });

  it('names a signal, and says nothing more without standard error', () => {
    assert.equal(failureMessage('futc doc', 'SIGKILL', ''), 'futc doc failed (signal SIGKILL).');
  });
});
