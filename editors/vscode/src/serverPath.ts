// Locating the `futls` and `futc` executables and building the environment.
//
// Pure functions over injected inputs (environment, platform, file checks):
// no `vscode` import, so the unit tests run under plain node.

import * as fs from 'node:fs';
import * as path from 'node:path';

/** The language server's command name. */
export const SERVER_NAME = 'futls';

/** The compiler's command name. */
export const COMPILER_NAME = 'futc';

/**
 * Where a resolved path came from: the setting, `PATH`, the extension's
 * bundle, or the language server's folder.
 */
export type PathSource = 'setting' | 'path' | 'bundled' | 'server';

export interface ServerPathOptions {
  /**
   * The value of the setting (`futhark.server.path`, `futhark.compiler.path`);
   * empty or blank means "find it".
   */
  configured: string;
  /** The installed extension's root folder (holds `server/` when bundled). */
  extensionPath: string;
  /** The first workspace folder: a relative configured path resolves against it. */
  workspaceFolder?: string;
  /** The environment whose `PATH` (and, on Windows, `PATHEXT`) is searched. */
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  /** The user's home directory, for a leading `~` in the configured path. */
  homeDir: string;
  /** Whether `p` names an existing regular file that may be executed. */
  isExecutable: (p: string) => boolean;
  /**
   * Whether `p` names an existing regular file. Used for the bundled server,
   * whose executable bit may have been lost when the VSIX was unpacked (the
   * caller restores it).
   */
  isFile: (p: string) => boolean;
}

export type ServerPathResult =
  | { kind: 'found'; path: string; source: PathSource }
  | { kind: 'notFound'; message: string; searched: string[] };

function pathApi(platform: NodeJS.Platform): path.PlatformPath {
  return platform === 'win32' ? path.win32 : path.posix;
}

/** `command.exe` on Windows, `command` elsewhere. */
function executableName(command: string, platform: NodeJS.Platform): string {
  return platform === 'win32' ? `${command}.exe` : command;
}

/** The path the VSIX bundles the server at: `<extension>/server/futls`. */
export function bundledServerPath(extensionPath: string, platform: NodeJS.Platform): string {
  return pathApi(platform).join(extensionPath, 'server', executableName(SERVER_NAME, platform));
}

/** Looks up an environment variable; on Windows names are case-insensitive. */
export function getEnv(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  platform: NodeJS.Platform,
): string | undefined {
  if (platform !== 'win32') {
    return env[name];
  }
  const upper = name.toUpperCase();
  const key = Object.keys(env).find((k) => k.toUpperCase() === upper);
  return key === undefined ? undefined : env[key];
}

/** Replaces a leading `~` (alone or followed by a separator) with `homeDir`. */
export function expandHome(p: string, homeDir: string, platform: NodeJS.Platform): string {
  if (p === '~') {
    return homeDir;
  }
  const sepAfterTilde = platform === 'win32' ? /^~[\\/]/ : /^~\//;
  if (sepAfterTilde.test(p)) {
    return pathApi(platform).join(homeDir, p.slice(2));
  }
  return p;
}

/** Whether `p` contains a directory separator (so it is a path, not a command name). */
function hasSeparator(p: string, platform: NodeJS.Platform): boolean {
  return platform === 'win32' ? /[\\/]/.test(p) : p.includes('/');
}

/** The candidate file names for `command` on Windows: as given, then with each PATHEXT. */
function windowsCandidates(file: string, env: Readonly<Record<string, string | undefined>>): string[] {
  const pathext = (getEnv(env, 'PATHEXT', 'win32') ?? '.COM;.EXE;.BAT;.CMD')
    .split(';')
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
  const lower = file.toLowerCase();
  const hasKnownExt = pathext.some((e) => lower.endsWith(e.toLowerCase()));
  return hasKnownExt ? [file] : [...pathext.map((e) => file + e.toLowerCase()), file];
}

function candidatesFor(
  file: string,
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform,
): string[] {
  return platform === 'win32' ? windowsCandidates(file, env) : [file];
}

/**
 * Searches `PATH` for `command`, the way a shell would: the first directory
 * (in order) holding an executable file of that name wins. Empty entries are
 * skipped (they would mean the current directory, which a GUI process should
 * not depend on). Returns the searched candidates through `searched`.
 */
export function findOnPath(
  command: string,
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform,
  isExecutable: (p: string) => boolean,
  searched: string[] = [],
): string | undefined {
  const api = pathApi(platform);
  const delimiter = platform === 'win32' ? ';' : ':';
  const dirs = (getEnv(env, 'PATH', platform) ?? '')
    .split(delimiter)
    .map((d) => (platform === 'win32' ? d.trim().replace(/^"(.*)"$/, '$1') : d))
    .filter((d) => d.length > 0);
  for (const dir of dirs) {
    for (const candidate of candidatesFor(api.join(dir, command), env, platform)) {
      searched.push(candidate);
      if (isExecutable(candidate)) {
        return candidate;
      }
    }
  }
  return undefined;
}

/** An executable the extension runs, and where to look for it. */
interface Tool {
  /** The command name, without `.exe`. */
  command: string;
  /** The setting that may name the executable. */
  setting: string;
  /** Tried after `PATH`, if any. */
  fallback?: { path: string; source: PathSource; check: 'file' | 'executable' };
  /** Why it was not found, when it is neither on `PATH` nor the fallback. */
  notFound: string;
}

/**
 * Resolves which executable of `tool` to run.
 *
 * - A non-empty `configured` setting is used as given: a bare command name is
 *   searched on `PATH`; anything with a separator is a file path (`~`
 *   expanded, relative paths resolved against the workspace folder). It is
 *   never silently replaced by another executable.
 * - Otherwise the command on `PATH`, and then the tool's fallback.
 */
function resolveTool(opts: ServerPathOptions, tool: Tool): ServerPathResult {
  const { platform, env } = opts;
  const api = pathApi(platform);
  const configured = opts.configured.trim();
  const searched: string[] = [];

  if (configured.length > 0) {
    const expanded = expandHome(configured, opts.homeDir, platform);
    if (!hasSeparator(expanded, platform) && !api.isAbsolute(expanded)) {
      const found = findOnPath(expanded, env, platform, opts.isExecutable, searched);
      if (found !== undefined) {
        return { kind: 'found', path: found, source: 'setting' };
      }
      return {
        kind: 'notFound',
        searched,
        message:
          `The setting ${tool.setting} is "${configured}", ` +
          `but no executable named "${expanded}" was found on PATH.`,
      };
    }
    let absolute = api.normalize(expanded);
    if (!api.isAbsolute(absolute)) {
      if (opts.workspaceFolder === undefined) {
        return {
          kind: 'notFound',
          searched,
          message:
            `The setting ${tool.setting} is the relative path "${configured}", ` +
            'but no workspace folder is open to resolve it against. Use an absolute path.',
        };
      }
      absolute = api.resolve(opts.workspaceFolder, absolute);
    }
    for (const candidate of candidatesFor(absolute, env, platform)) {
      searched.push(candidate);
      if (opts.isExecutable(candidate)) {
        return { kind: 'found', path: candidate, source: 'setting' };
      }
    }
    return {
      kind: 'notFound',
      searched,
      message: `The setting ${tool.setting} is "${configured}", but ${absolute} is not an executable file.`,
    };
  }

  const onPath = findOnPath(tool.command, env, platform, opts.isExecutable, searched);
  if (onPath !== undefined) {
    return { kind: 'found', path: onPath, source: 'path' };
  }
  const { fallback } = tool;
  if (fallback !== undefined) {
    searched.push(fallback.path);
    const exists = fallback.check === 'file' ? opts.isFile(fallback.path) : opts.isExecutable(fallback.path);
    if (exists) {
      return { kind: 'found', path: fallback.path, source: fallback.source };
    }
  }
  return { kind: 'notFound', searched, message: tool.notFound };
}

/**
 * Resolves which server executable to run: `futhark.server.path` (passed as
 * `configured`), else `futls` on `PATH`, else the copy bundled in the
 * extension (`server/futls`).
 */
export function resolveServerPath(opts: ServerPathOptions): ServerPathResult {
  return resolveTool(opts, {
    command: SERVER_NAME,
    setting: 'futhark.server.path',
    fallback: { path: bundledServerPath(opts.extensionPath, opts.platform), source: 'bundled', check: 'file' },
    notFound:
      `The Futhark language server "${SERVER_NAME}" was not found: it is not on PATH ` +
      'and no server is bundled with this extension. Install futls or set futhark.server.path.',
  });
}

/**
 * Resolves which compiler executable to run: `futhark.compiler.path` (passed
 * as `configured`), else `futc` on `PATH`, else the `futc` in the folder of
 * the language server the extension runs (`serverPath`), where a build of
 * the project puts both.
 */
export function resolveCompilerPath(opts: ServerPathOptions, serverPath: string | undefined): ServerPathResult {
  const api = pathApi(opts.platform);
  const beside =
    serverPath === undefined
      ? undefined
      : api.join(api.dirname(serverPath), executableName(COMPILER_NAME, opts.platform));
  return resolveTool(opts, {
    command: COMPILER_NAME,
    setting: 'futhark.compiler.path',
    fallback: beside === undefined ? undefined : { path: beside, source: 'server', check: 'executable' },
    notFound:
      `The Futhark compiler "${COMPILER_NAME}" was not found: it is not on PATH` +
      `${beside === undefined ? '' : ` nor beside the language server (${beside})`}. ` +
      'Install futc or set futhark.compiler.path.',
  });
}

/** The result of merging `futhark.server.extraEnv` into an environment. */
export interface MergedEnv {
  env: Record<string, string>;
  /** Names whose values were neither string, number, boolean nor null. */
  ignored: string[];
}

/**
 * Merges the `futhark.server.extraEnv` setting into `base` without changing
 * `base`. Strings are used as they are, numbers and booleans are converted,
 * `null` removes the variable, anything else is ignored and reported. On
 * Windows, where variable names are case-insensitive, a setting replaces the
 * variable whatever the case of its existing name.
 */
export function mergeEnv(
  base: Readonly<Record<string, string | undefined>>,
  extra: unknown,
  platform: NodeJS.Platform,
): MergedEnv {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) {
    if (v !== undefined) {
      env[k] = v;
    }
  }
  const ignored: string[] = [];
  if (extra === null || extra === undefined) {
    return { env, ignored };
  }
  if (typeof extra !== 'object' || Array.isArray(extra)) {
    return { env, ignored: ['<the setting is not an object>'] };
  }
  for (const [name, value] of Object.entries(extra as Record<string, unknown>)) {
    let str: string | null;
    if (typeof value === 'string') {
      str = value;
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      str = String(value);
    } else if (value === null) {
      str = null;
    } else {
      ignored.push(name);
      continue;
    }
    if (platform === 'win32') {
      const upper = name.toUpperCase();
      for (const k of Object.keys(env)) {
        if (k.toUpperCase() === upper) {
          delete env[k];
        }
      }
    } else {
      delete env[name];
    }
    if (str !== null) {
      env[name] = str;
    }
  }
  return { env, ignored };
}

/** File checks on the real file system, for `ServerPathOptions`. */
export const nodeFileChecks: Pick<ServerPathOptions, 'isExecutable' | 'isFile'> = {
  isFile(p: string): boolean {
    try {
      return fs.statSync(p).isFile();
    } catch {
      return false;
    }
  },
  isExecutable(p: string): boolean {
    try {
      if (!fs.statSync(p).isFile()) {
        return false;
      }
      if (process.platform === 'win32') {
        return true;
      }
      fs.accessSync(p, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
};
