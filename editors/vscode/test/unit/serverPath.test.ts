import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import {
  bundledServerPath,
  expandHome,
  findOnPath,
  getEnv,
  mergeEnv,
  nodeFileChecks,
  resolveCompilerPath,
  resolveServerPath,
  type ServerPathOptions,
} from '../../src/serverPath';

/** Options over a fake file system: `exec` files are executable, `plain` files are not. */
function options(
  over: Partial<ServerPathOptions> & { exec?: string[]; plain?: string[] } = {},
): ServerPathOptions {
  const exec = new Set(over.exec ?? []);
  const plain = new Set(over.plain ?? []);
  return {
    configured: '',
    extensionPath: '/ext',
    workspaceFolder: '/work/project',
    env: { PATH: '/usr/local/bin:/usr/bin' },
    platform: 'linux',
    homeDir: '/home/me',
    isExecutable: (p) => exec.has(p),
    isFile: (p) => exec.has(p) || plain.has(p),
    ...over,
  };
}

describe('resolveServerPath without a setting', () => {
  it('finds futls on PATH', () => {
    const r = resolveServerPath(options({ exec: ['/usr/bin/futls'] }));
    assert.deepEqual(r, { kind: 'found', path: '/usr/bin/futls', source: 'path' });
  });

  it('prefers the earlier PATH entry', () => {
    const r = resolveServerPath(options({ exec: ['/usr/bin/futls', '/usr/local/bin/futls'] }));
    assert.equal(r.kind === 'found' && r.path, '/usr/local/bin/futls');
  });

  it('prefers PATH over the bundled server', () => {
    const r = resolveServerPath(options({ exec: ['/usr/bin/futls', '/ext/server/futls'] }));
    assert.deepEqual(r, { kind: 'found', path: '/usr/bin/futls', source: 'path' });
  });

  it('skips PATH entries that are not executable', () => {
    const r = resolveServerPath(options({ plain: ['/usr/local/bin/futls'], exec: ['/usr/bin/futls'] }));
    assert.equal(r.kind === 'found' && r.path, '/usr/bin/futls');
  });

  it('falls back to the bundled server, even without its executable bit', () => {
    const r = resolveServerPath(options({ plain: ['/ext/server/futls'] }));
    assert.deepEqual(r, { kind: 'found', path: '/ext/server/futls', source: 'bundled' });
  });

  it('treats a blank setting as unset', () => {
    const r = resolveServerPath(options({ configured: '   ', exec: ['/usr/bin/futls'] }));
    assert.equal(r.kind === 'found' && r.source, 'path');
  });

  it('reports what it searched when nothing is found', () => {
    const r = resolveServerPath(options());
    assert.equal(r.kind, 'notFound');
    if (r.kind === 'notFound') {
      assert.deepEqual(r.searched, ['/usr/local/bin/futls', '/usr/bin/futls', '/ext/server/futls']);
      assert.match(r.message, /futls/);
      assert.match(r.message, /futhark\.server\.path/);
    }
  });

  it('copes with a missing or empty PATH', () => {
    const r = resolveServerPath(options({ env: {}, plain: ['/ext/server/futls'] }));
    assert.equal(r.kind === 'found' && r.source, 'bundled');
    const r2 = resolveServerPath(options({ env: { PATH: '::' } }));
    assert.equal(r2.kind, 'notFound');
  });
});

describe('resolveServerPath with futhark.server.path', () => {
  it('uses an absolute path', () => {
    const r = resolveServerPath(options({ configured: '/opt/futls/bin/futls', exec: ['/opt/futls/bin/futls'] }));
    assert.deepEqual(r, { kind: 'found', path: '/opt/futls/bin/futls', source: 'setting' });
  });

  it('does not fall back when the configured file is missing', () => {
    const r = resolveServerPath(
      options({ configured: '/nowhere/futls', exec: ['/usr/bin/futls', '/ext/server/futls'] }),
    );
    assert.equal(r.kind, 'notFound');
    if (r.kind === 'notFound') {
      assert.match(r.message, /\/nowhere\/futls/);
      assert.deepEqual(r.searched, ['/nowhere/futls']);
    }
  });

  it('rejects a configured file that is not executable', () => {
    const r = resolveServerPath(options({ configured: '/opt/futls', plain: ['/opt/futls'] }));
    assert.equal(r.kind, 'notFound');
  });

  it('expands a leading ~', () => {
    const r = resolveServerPath(
      options({ configured: '~/.cargo/bin/futls', exec: ['/home/me/.cargo/bin/futls'] }),
    );
    assert.equal(r.kind === 'found' && r.path, '/home/me/.cargo/bin/futls');
  });

  it('resolves a relative path against the workspace folder', () => {
    const r = resolveServerPath(
      options({ configured: 'target/release/futls', exec: ['/work/project/target/release/futls'] }),
    );
    assert.deepEqual(r, { kind: 'found', path: '/work/project/target/release/futls', source: 'setting' });
    const dotted = resolveServerPath(
      options({ configured: './target/../bin/futls', exec: ['/work/project/bin/futls'] }),
    );
    assert.equal(dotted.kind === 'found' && dotted.path, '/work/project/bin/futls');
  });

  it('explains a relative path without a workspace folder', () => {
    const r = resolveServerPath(options({ configured: 'bin/futls', workspaceFolder: undefined }));
    assert.equal(r.kind, 'notFound');
    if (r.kind === 'notFound') {
      assert.match(r.message, /workspace folder/);
    }
  });

  it('searches PATH for a bare command name', () => {
    const r = resolveServerPath(options({ configured: 'futls-dev', exec: ['/usr/bin/futls-dev'] }));
    assert.deepEqual(r, { kind: 'found', path: '/usr/bin/futls-dev', source: 'setting' });
    const missing = resolveServerPath(options({ configured: 'futls-dev', exec: ['/usr/bin/futls'] }));
    assert.equal(missing.kind, 'notFound');
    if (missing.kind === 'notFound') {
      assert.match(missing.message, /futls-dev/);
      assert.match(missing.message, /PATH/);
    }
  });
});

describe('resolveServerPath on Windows', () => {
  const win = (over: Partial<ServerPathOptions> & { exec?: string[]; plain?: string[] }) =>
    options({
      platform: 'win32',
      extensionPath: 'C:\\ext',
      workspaceFolder: 'C:\\proj',
      homeDir: 'C:\\Users\\me',
      env: { Path: 'C:\\tools;"C:\\Program Files\\futls"', PATHEXT: '.COM;.EXE' },
      ...over,
    });

  it('uses ; as the PATH separator, strips quotes and tries PATHEXT', () => {
    const r = resolveServerPath(win({ exec: ['C:\\Program Files\\futls\\futls.exe'] }));
    assert.deepEqual(r, { kind: 'found', path: 'C:\\Program Files\\futls\\futls.exe', source: 'path' });
  });

  it('bundles server\\futls.exe', () => {
    assert.equal(bundledServerPath('C:\\ext', 'win32'), 'C:\\ext\\server\\futls.exe');
    const r = resolveServerPath(win({ plain: ['C:\\ext\\server\\futls.exe'] }));
    assert.equal(r.kind === 'found' && r.source, 'bundled');
  });

  it('accepts a configured path with or without .exe', () => {
    const exe = resolveServerPath(win({ configured: 'D:\\bin\\futls.exe', exec: ['D:\\bin\\futls.exe'] }));
    assert.equal(exe.kind === 'found' && exe.path, 'D:\\bin\\futls.exe');
    const bare = resolveServerPath(win({ configured: 'D:/bin/futls', exec: ['D:\\bin\\futls.exe'] }));
    assert.equal(bare.kind === 'found' && bare.path, 'D:\\bin\\futls.exe');
  });

  it('expands ~\\ and reads environment names case-insensitively', () => {
    assert.equal(expandHome('~\\bin\\futls.exe', 'C:\\Users\\me', 'win32'), 'C:\\Users\\me\\bin\\futls.exe');
    assert.equal(getEnv({ Path: 'x' }, 'PATH', 'win32'), 'x');
    assert.equal(getEnv({ Path: 'x' }, 'PATH', 'linux'), undefined);
  });
});

describe('resolveCompilerPath', () => {
  it('finds futc on PATH before the folder of the language server', () => {
    const r = resolveCompilerPath(options({ exec: ['/usr/bin/futc', '/opt/futhark/futc'] }), '/opt/futhark/futls');
    assert.deepEqual(r, { kind: 'found', path: '/usr/bin/futc', source: 'path' });
  });

  it('falls back to the futc beside the language server', () => {
    const r = resolveCompilerPath(options({ exec: ['/repo/target/release/futc'] }), '/repo/target/release/futls');
    assert.deepEqual(r, { kind: 'found', path: '/repo/target/release/futc', source: 'server' });
  });

  it('needs the futc beside the server to be executable', () => {
    const r = resolveCompilerPath(options({ plain: ['/repo/target/release/futc'] }), '/repo/target/release/futls');
    assert.equal(r.kind, 'notFound');
    if (r.kind === 'notFound') {
      assert.deepEqual(r.searched, ['/usr/local/bin/futc', '/usr/bin/futc', '/repo/target/release/futc']);
      assert.match(r.message, /beside the language server/);
      assert.match(r.message, /futhark\.compiler\.path/);
    }
  });

  it('looks only on PATH while no language server is known', () => {
    const r = resolveCompilerPath(options(), undefined);
    assert.equal(r.kind, 'notFound');
    if (r.kind === 'notFound') {
      assert.deepEqual(r.searched, ['/usr/local/bin/futc', '/usr/bin/futc']);
      assert.doesNotMatch(r.message, /beside/);
    }
  });

  it('uses the setting as given and names it when it is wrong', () => {
    const found = resolveCompilerPath(options({ configured: '~/bin/futc', exec: ['/home/me/bin/futc'] }), undefined);
    assert.deepEqual(found, { kind: 'found', path: '/home/me/bin/futc', source: 'setting' });
    const wrong = resolveCompilerPath(
      options({ configured: '/nowhere/futc', exec: ['/usr/bin/futc'] }),
      '/usr/bin/futls',
    );
    assert.equal(wrong.kind, 'notFound');
    if (wrong.kind === 'notFound') {
      assert.match(wrong.message, /futhark\.compiler\.path/);
      assert.match(wrong.message, /\/nowhere\/futc/);
    }
  });

  it('adds .exe beside the server on Windows', () => {
    const r = resolveCompilerPath(
      options({ platform: 'win32', env: { PATH: 'C:\\tools' }, exec: ['D:\\bin\\futc.exe'] }),
      'D:\\bin\\futls.exe',
    );
    assert.deepEqual(r, { kind: 'found', path: 'D:\\bin\\futc.exe', source: 'server' });
  });
});

describe('helpers', () => {
  it('expandHome leaves other paths alone', () => {
    assert.equal(expandHome('~', '/home/me', 'linux'), '/home/me');
    assert.equal(expandHome('~user/futls', '/home/me', 'linux'), '~user/futls');
    assert.equal(expandHome('/a/~/b', '/home/me', 'linux'), '/a/~/b');
    assert.equal(expandHome('~\\x', '/home/me', 'linux'), '~\\x');
  });

  it('findOnPath records every candidate it tried', () => {
    const searched: string[] = [];
    const found = findOnPath('futls', { PATH: '/a:/b:/c' }, 'linux', (p) => p === '/b/futls', searched);
    assert.equal(found, '/b/futls');
    assert.deepEqual(searched, ['/a/futls', '/b/futls']);
  });

  it('nodeFileChecks look at the real file system', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'futhark-vscode-test-'));
    try {
      const exe = path.join(dir, 'futls');
      const plain = path.join(dir, 'notes.txt');
      fs.writeFileSync(exe, '#!/bin/sh\n');
      fs.chmodSync(exe, 0o755);
      fs.writeFileSync(plain, 'x');
      fs.chmodSync(plain, 0o644);
      assert.equal(nodeFileChecks.isFile(exe), true);
      assert.equal(nodeFileChecks.isFile(dir), false);
      assert.equal(nodeFileChecks.isFile(path.join(dir, 'missing')), false);
      assert.equal(nodeFileChecks.isExecutable(exe), true);
      assert.equal(nodeFileChecks.isExecutable(dir), false);
      if (process.platform !== 'win32') {
        assert.equal(nodeFileChecks.isExecutable(plain), false);
      }
      const r = resolveServerPath(options({ env: { PATH: dir }, ...nodeFileChecks }));
      assert.deepEqual(r, { kind: 'found', path: exe, source: 'path' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('mergeEnv', () => {
  const base = { PATH: '/usr/bin', HOME: '/home/me', GONE: undefined };

  it('adds and overrides variables without touching the base', () => {
    const before = { ...base };
    const { env, ignored } = mergeEnv(base, { RUST_LOG: 'debug', HOME: '/tmp/h' }, 'linux');
    assert.deepEqual(env, { PATH: '/usr/bin', HOME: '/tmp/h', RUST_LOG: 'debug' });
    assert.deepEqual(ignored, []);
    assert.deepEqual(base, before);
  });

  it('converts numbers and booleans, removes on null, ignores the rest', () => {
    const { env, ignored } = mergeEnv(
      base,
      { THREADS: 4, VERBOSE: true, HOME: null, BAD: { a: 1 }, LIST: ['x'] },
      'linux',
    );
    assert.deepEqual(env, { PATH: '/usr/bin', THREADS: '4', VERBOSE: 'true' });
    assert.deepEqual(ignored, ['BAD', 'LIST']);
  });

  it('accepts a missing setting and reports a malformed one', () => {
    assert.deepEqual(mergeEnv(base, undefined, 'linux').env, { PATH: '/usr/bin', HOME: '/home/me' });
    assert.deepEqual(mergeEnv(base, null, 'linux').ignored, []);
    assert.equal(mergeEnv(base, 'RUST_LOG=debug', 'linux').ignored.length, 1);
    assert.equal(mergeEnv(base, ['x'], 'linux').ignored.length, 1);
  });

  it('is case-sensitive on Linux and case-insensitive on Windows', () => {
    assert.deepEqual(mergeEnv({ Path: 'a' }, { PATH: 'b' }, 'linux').env, { Path: 'a', PATH: 'b' });
    assert.deepEqual(mergeEnv({ Path: 'a' }, { PATH: 'b' }, 'win32').env, { PATH: 'b' });
    assert.deepEqual(mergeEnv({ Path: 'a', X: 'x' }, { path: null }, 'win32').env, { X: 'x' });
  });
});
