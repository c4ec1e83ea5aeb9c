#!/usr/bin/env node
// End-to-end test of the extension in a real VS Code: code-server (VS Code in
// the browser) with the packaged extension installed, driven in headless
// Chromium by playwright-core, against the real `futls`.
//
//   npm run test:e2e            (after `bash test/e2e/setup.sh` once)
//
// Environment:
//   FUTLS        the language server, relative to this folder (editors/vscode)
//                or absolute (default: ../../target/release/futls,
//                built by `cargo build --release -p futls`)
//   FUTC         the compiler, likewise (default: ../../target/release/futc):
//                the expected formatting, and the literate preview's futc
//   E2E_OUT      where the screenshots go (default: ../../target/e2e)
//   E2E_KEEP=1   keep the temporary folder (state, logs) even when all passes
//   CHROMIUM     the browser (default: /usr/bin/chromium)
//
// All state (code-server's user data, extensions and config, the XDG folders,
// Chromium's profile and HOME, the workspace) lives in one fresh temporary
// folder. code-server listens on 127.0.0.1 only, on a port the system picks.
// Each check waits at most 30 s, the whole run at most 5 minutes; code-server
// and Chromium are stopped however the run ends. Exits 0 when every check
// passes and 1 otherwise, naming the check that failed.
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..'); // editors/vscode
const REPO = path.resolve(ROOT, '..', '..');
const FUTLS = path.resolve(ROOT, process.env.FUTLS || path.join(REPO, 'target', 'release', 'futls'));
const FUTC = path.resolve(ROOT, process.env.FUTC || path.join(REPO, 'target', 'release', 'futc'));
const OUT = path.resolve(ROOT, process.env.E2E_OUT || path.join(REPO, 'target', 'e2e'));
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const KEEP = process.env.E2E_KEEP === '1';
// The test's own dependencies live in this folder's node_modules.
const CODE_SERVER = path.join(__dirname, 'node_modules', 'code-server');
const VSIX = path.join(ROOT, 'futhark-rs.vsix');

const STEP_TIMEOUT_MS = 30_000;
const TOTAL_TIMEOUT_MS = 5 * 60_000;

const FILE_NAME = 'main.fut';
const SOURCE = [
  '-- | Doubles a number.',
  'def double (x: i32) = x * 2',
  // `xs` is used after `with` consumed it: a consumption error.
  'def main (xs: *[]i32) = let ys = xs with [0] = double 1 in (ys, xs)',
  'def use (count: i32) = coun',
  'import "lib"',
  'def via_lib = helper 1i32',
].join('\n');
// The imported file, as it starts and as it is changed on disk in step (f).
const LIB_NAME = 'lib.fut';
const LIB_SOURCE = 'def helper (x: i32) = x\n';
const LIB_CHANGED = 'def helper (b: bool) = b\n';
const CONSUMPTION_ERROR = 'but this was consumed';
// An unformatted file for step (g), with an example line for step (h).
const TIDY_NAME = 'tidy.fut';
const TIDY_SOURCE = [
  '-- >>> triple 14',
  'def   triple(x:i32)=x*3',
  'def add3 (a:i32)(b:i32) (c:i32) =  a+b+c',
  '',
].join('\n');
const LENS_TEXT = '= 42i32';
// A literate program for step (i): its Markdown shows the directive's value.
const LITERATE_NAME = 'notes.fut';
const LITERATE_SOURCE = [
  '-- # Notes',
  '--',
  '-- Tripling fourteen:',
  '',
  '-- > triple 14',
  '',
  'def triple (x: i32) = x * 3',
  '',
].join('\n');
const LITERATE_MARKDOWN = 'notes.md';
const LITERATE_VALUE = '42i32';
// A literate program with a type error, for step (j): futc's error is shown.
const BROKEN_NAME = 'broken.fut';
const BROKEN_SOURCE = '-- > twice 4\n\ndef twice (x: i32) = x + y\n';
const BROKEN_ERROR = 'Unknown name "y"';
// An entry point for step (k): its code lens names what it runs in parallel
// after fusion and the kernels, and clicking it shows the core IR.
const ENTRY_NAME = 'squares.fut';
const ENTRY_SOURCE = [
  'entry main (xs: []f32) = reduce (+) 0 (map (\\x -> x * x) xs)',
  'entry total (xs: []f32) = reduce (+) 0 xs',
  '',
].join('\n');
const ENTRY_LENS = 'after fusion: redomap · 1 kernel: SegRed';
const IR_TAB = `${ENTRY_NAME} (main, soacs)`;
// What step (m) shows for the IR of broken.fut.
const IR_ERROR = 'Futhark: no core IR of soacs: the program has 1 error';
// Step (n) edits `x * x` in squares.fut into `x * y` (an error), then into
// `x * 3`: the open IR view follows, keeping its IR under this line while
// the program has the error.
const IR_STALE = '-- out of date: the program has 1 error';
// Step (o) shows the IR of scaled.fut, then changes the file it imports on
// disk only: the open IR view follows.
const SCALED_NAME = 'scaled.fut';
const SCALED_SOURCE = 'import "factor"\n\nentry main (xs: []f32) = map (\\x -> x * factor) xs\n';
const SCALED_LENS = 'after fusion: map · 1 kernel: SegMap';
const FACTOR_NAME = 'factor.fut';
const FACTOR_SOURCE = 'def factor : f32 = 2\n';
const FACTOR_CHANGED = 'def factor : f32 = 5\n';

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const log = (msg) => console.log(`[e2e ${seconds(Date.now() - started).padStart(7)}] ${msg}`);

class CheckFailed extends Error {}
function fail(msg) {
  throw new CheckFailed(msg);
}

// ---------------------------------------------------------------------------
// State, processes and cleanup

let tmp; // the one temporary folder
let codeServer; // ChildProcess, leader of its own process group
let context; // playwright BrowserContext
let page;
let cleaningUp;

function dirs() {
  return {
    home: path.join(tmp, 'home'),
    config: path.join(tmp, 'xdg-config'),
    data: path.join(tmp, 'xdg-data'),
    cache: path.join(tmp, 'xdg-cache'),
    userData: path.join(tmp, 'user-data'),
    extensions: path.join(tmp, 'extensions'),
    chrome: path.join(tmp, 'chromium-profile'),
    workspace: path.join(tmp, 'workspace'),
    configFile: path.join(tmp, 'code-server.yaml'),
    codeServerLog: path.join(tmp, 'code-server.log'),
  };
}

/** Environment that keeps code-server and Chromium out of the real HOME. */
function isolatedEnv() {
  const d = dirs();
  return {
    ...process.env,
    HOME: d.home,
    XDG_CONFIG_HOME: d.config,
    XDG_DATA_HOME: d.data,
    XDG_CACHE_HOME: d.cache,
    TMPDIR: path.join(tmp, 'tmp'),
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new CheckFailed(`${what}: timed out after ${seconds(ms)}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Pids of live processes whose command line mentions the temporary folder. */
function strayPids() {
  if (!tmp) return [];
  const pids = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes(tmp)) pids.push(Number(entry));
    } catch {
      // gone already
    }
  }
  return pids;
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone
  }
}

async function cleanup() {
  if (cleaningUp) return cleaningUp;
  cleaningUp = (async () => {
    if (context) {
      await withTimeout(context.close(), 10_000, 'closing Chromium').catch((e) => log(`warning: ${e.message}`));
    }
    if (codeServer && codeServer.exitCode === null && codeServer.signalCode === null) {
      const exited = new Promise((resolve) => codeServer.once('exit', resolve));
      killGroup(codeServer.pid, 'SIGTERM');
      await Promise.race([exited, sleep(5000)]);
    }
    // code-server's children (extension host, futls, ...) share its process
    // group; kill whatever of the group, or of Chromium, is left.
    if (codeServer) killGroup(codeServer.pid, 'SIGKILL');
    for (const pid of strayPids()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  })();
  return cleaningUp;
}

let finishing;
/** Stops everything and exits with `code` (the first caller's, if called twice). */
function finish(code) {
  finishing ??= (async () => {
    await cleanup();
    if (tmp) {
      if (code !== 1 && !KEEP) fs.rmSync(tmp, { recursive: true, force: true });
      else log(`state and logs kept in ${tmp}`);
    }
    log(code === 0 ? 'PASSED' : code === 1 ? 'FAILED' : 'INTERRUPTED');
    process.exit(code);
  })();
  return finishing;
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interrupted = true;
    log(`interrupted (${signal})`);
    finish(130);
  });
}
// Last resort, whatever path leads to exit: nothing of this run survives it.
process.on('exit', () => {
  if (codeServer) killGroup(codeServer.pid, 'SIGKILL');
  for (const pid of strayPids()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
});

// ---------------------------------------------------------------------------
// Preparation: VSIX, code-server, browser

function run(cmd, args, opts, what, timeoutMs) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: timeoutMs, ...opts });
  if (r.error || r.status !== 0) {
    const output = `${r.stdout || ''}${r.stderr || ''}`.trim().split('\n').slice(-30).join('\n');
    fail(`${what} failed (${r.error ? r.error.message : `exit ${r.status}`}):\n${output}`);
  }
  return r.stdout;
}

function checkPrerequisites() {
  for (const [file, crate, variable] of [[FUTLS, 'futls', 'FUTLS'], [FUTC, 'futc', 'FUTC']]) {
    if (!fs.existsSync(file)) {
      fail(`no ${crate} at ${file}: build it with \`cargo build --release -p ${crate}\` in ${REPO}, or set ${variable}`);
    }
    try {
      fs.accessSync(file, fs.constants.X_OK);
    } catch {
      fail(`${file} is not executable`);
    }
  }
  const ready = [
    path.join(CODE_SERVER, 'out', 'node', 'entry.js'),
    path.join(CODE_SERVER, 'lib', 'vscode', 'node_modules', 'node-pty', 'build', 'Release', 'pty.node'),
    path.join(__dirname, 'node_modules', 'playwright-core', 'package.json'),
    CHROMIUM,
  ];
  for (const f of ready) {
    if (!fs.existsSync(f)) fail(`${f} is missing: run \`bash test/e2e/setup.sh\` in ${ROOT} first`);
  }
}

function prepareState() {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'futhark-e2e-'));
  const d = dirs();
  for (const dir of [d.home, d.config, d.data, d.cache, d.userData, d.extensions, d.chrome, d.workspace]) {
    fs.mkdirSync(dir, { recursive: true });
  }
  fs.mkdirSync(path.join(tmp, 'tmp'));
  fs.mkdirSync(path.join(d.userData, 'User'), { recursive: true });
  const settings = {
    'futhark.server.path': FUTLS,
    'futhark.compiler.path': FUTC,
    'security.workspace.trust.enabled': false,
    'workbench.startupEditor': 'none',
    // Completion items must come from futls, not from the words in the file.
    'editor.wordBasedSuggestions': 'off',
    // The editor's text is read from the screen, where inlay hints would mix in.
    'editor.inlayHints.enabled': 'off',
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.ignoreRecommendations': true,
    'workbench.tips.enabled': false,
  };
  fs.writeFileSync(path.join(d.userData, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  fs.writeFileSync(d.configFile, 'bind-addr: 127.0.0.1:0\nauth: none\ncert: false\n');
  fs.writeFileSync(path.join(d.workspace, FILE_NAME), SOURCE);
  fs.writeFileSync(path.join(d.workspace, LIB_NAME), LIB_SOURCE);
  fs.writeFileSync(path.join(d.workspace, TIDY_NAME), TIDY_SOURCE);
  fs.writeFileSync(path.join(d.workspace, LITERATE_NAME), LITERATE_SOURCE);
  fs.writeFileSync(path.join(d.workspace, BROKEN_NAME), BROKEN_SOURCE);
  fs.writeFileSync(path.join(d.workspace, ENTRY_NAME), ENTRY_SOURCE);
  fs.writeFileSync(path.join(d.workspace, SCALED_NAME), SCALED_SOURCE);
  fs.writeFileSync(path.join(d.workspace, FACTOR_NAME), FACTOR_SOURCE);
  fs.mkdirSync(OUT, { recursive: true });
  for (const name of fs.readdirSync(OUT)) {
    if (/^(\d+-[a-z-]+|failure)\.png$/.test(name)) fs.rmSync(path.join(OUT, name)); // an earlier run's
  }
}

function codeServerArgs() {
  const d = dirs();
  return [
    path.join(CODE_SERVER, 'out', 'node', 'entry.js'),
    '--config', d.configFile,
    '--user-data-dir', d.userData,
    '--extensions-dir', d.extensions,
  ];
}

function buildAndInstallExtension() {
  log('building the VSIX (npm run package)');
  fs.rmSync(VSIX, { force: true });
  run('npm', ['run', 'package'], { cwd: ROOT }, '`npm run package`', 120_000);
  if (!fs.existsSync(VSIX)) fail(`\`npm run package\` did not produce ${VSIX}`);
  log('installing it into code-server');
  run(process.execPath, [...codeServerArgs(), '--install-extension', VSIX, '--force'],
    { cwd: tmp, env: isolatedEnv() }, 'code-server --install-extension', 60_000);
  const installed = fs.readdirSync(dirs().extensions).filter((n) => n.startsWith('futhark-rs.futhark-rs-'));
  if (installed.length !== 1) fail(`the extension is not in the extensions folder: ${fs.readdirSync(dirs().extensions)}`);
}

async function startCodeServer() {
  const d = dirs();
  const out = fs.openSync(d.codeServerLog, 'a');
  codeServer = spawn(process.execPath, [
    ...codeServerArgs(),
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
    '--disable-getting-started-override', '--ignore-last-opened',
  ], { cwd: tmp, env: isolatedEnv(), detached: true, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const text = fs.readFileSync(d.codeServerLog, 'utf8');
    const m = /HTTP server listening on (http:\/\/127\.0\.0\.1:(\d+))\//.exec(text);
    if (m) {
      log(`code-server listening on ${m[1]}`);
      return m[1];
    }
    if (codeServer.exitCode !== null) fail(`code-server exited (${codeServer.exitCode}):\n${text}`);
    await sleep(100);
  }
  fail(`code-server did not start listening within ${seconds(STEP_TIMEOUT_MS)}:\n${fs.readFileSync(d.codeServerLog, 'utf8')}`);
}

async function openBrowser(url) {
  const { chromium } = require('playwright-core');
  const env = isolatedEnv();
  context = await chromium.launchPersistentContext(dirs().chrome, {
    executablePath: CHROMIUM,
    env,
    viewport: { width: 1400, height: 900 },
    timeout: STEP_TIMEOUT_MS,
    // This script stops the browser itself (see cleanup), code-server too.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  page = context.pages()[0] || (await context.newPage());
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  await page.goto(`${url}/?folder=${encodeURIComponent(dirs().workspace)}`);
  await page.locator('.monaco-workbench').waitFor({ state: 'visible' });
}

// ---------------------------------------------------------------------------
// Reading the workbench

const EDITOR = '.part.editor .monaco-editor';

async function screenshot(name) {
  const file = path.join(OUT, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** Polls `probe` until it returns a truthy value; fails with `describe()`. */
async function until(what, probe, describe = async () => '', timeoutMs = STEP_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() >= deadline) {
      const detail = await describe().catch((e) => `(${e.message})`);
      fail(`${what} (waited ${seconds(timeoutMs)})${detail ? `: ${detail}` : ''}`);
    }
    await sleep(250);
  }
}

/** The screen rectangle of `needle` within the editor line that starts with `lineStart`. */
function textRect(lineStart, needle) {
  return page.evaluate(
    ({ editor, lineStart, needle }) => {
      const norm = (s) => s.replace(/\u00a0/g, ' ');
      const line = [...document.querySelectorAll(`${editor} .view-line`)].find((l) =>
        norm(l.textContent).startsWith(lineStart),
      );
      if (!line) return null;
      const start = norm(line.textContent).indexOf(needle);
      if (start < 0) return null;
      // Find the text node and offset where `needle` starts and ends.
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      let seen = 0;
      let begun = false;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const len = node.textContent.length;
        if (!begun && start < seen + len) {
          range.setStart(node, start - seen);
          begun = true;
        }
        if (begun && start + needle.length <= seen + len) {
          range.setEnd(node, start + needle.length - seen);
          const r = range.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        }
        seen += len;
      }
      return null;
    },
    { editor: EDITOR, lineStart, needle },
  );
}

/** Colours of the first token spans with the given texts, plus plain text's. */
function tokenColours(texts) {
  return page.evaluate(
    ({ editor, texts }) => {
      const root = document.querySelector(`${editor} .view-lines`);
      if (!root) return null;
      const probe = document.createElement('span');
      probe.className = 'mtk1'; // Monaco's class for text without a token colour
      root.appendChild(probe);
      const plain = getComputedStyle(probe).color;
      probe.remove();
      const spans = [...root.querySelectorAll('.view-line span span')];
      const colours = { plain };
      for (const t of texts) {
        const span = spans.find((s) => s.textContent.replace(/\u00a0/g, ' ').trim() === t);
        colours[t] = span ? getComputedStyle(span).color : null;
      }
      return colours;
    },
    { editor: EDITOR, texts },
  );
}

async function statusBarText(id) {
  const item = page.locator(`[id="${id}"]`);
  return (await item.count()) ? (await item.first().innerText()).trim() : '';
}

async function cursorPosition() {
  return statusBarText('status.editor.selection');
}

async function goToLine(spec) {
  await focusEditor();
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`:${spec}`);
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}

async function focusEditor() {
  await page.keyboard.press('Escape');
  await page.locator(`${EDITOR} .view-lines`).click({ position: { x: 600, y: 200 } }).catch(() => {});
}

/** The extension's status bar item, e.g. "futls (check)" while the server runs. */
async function serverStatus() {
  return page.evaluate(() =>
    [...document.querySelectorAll('.statusbar-item')]
      .filter((e) => /futls/.test(e.textContent))
      .map((e) => {
        const icon = e.querySelector('.codicon');
        const name = icon && [...icon.classList].find((c) => c.startsWith('codicon-'));
        return `${e.textContent.trim()}${name ? ` (${name.slice('codicon-'.length)})` : ''}`;
      })
      .join(' | ') || 'no futls item in the status bar',
  );
}

// ---------------------------------------------------------------------------
// The checks

/** Opens `name` with Quick Open (Ctrl+P) and waits for a line containing `text` in the editor. */
async function openFile(name = FILE_NAME, text = 'def double') {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(name);
  // First: before the list is filtered, it starts with the recently opened
  // files, among which `name` may be.
  await until(`Quick Open lists ${name} first`, async () =>
    (await page.locator('.quick-input-list .monaco-list-row').first().innerText()).includes(name),
  );
  await page.keyboard.press('Enter');
  await until(
    `${name} opens in an editor`,
    async () => (await page.locator(`${EDITOR} .view-line`, { hasText: text }).count()) > 0,
  );
}

/** Runs the command titled `title` from the Command Palette (F1). */
async function runCommand(title) {
  await startCommand(title);
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}

/** Picks the command titled `title` in the Command Palette (F1), which may go on asking in a quick pick. */
async function startCommand(title) {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${title}`);
  const first = page.locator('.quick-input-list .monaco-list-row .label-name').first();
  await until(
    `the Command Palette offers "${title}" first`,
    async () => (await first.innerText()).trim() === title,
    async () => `it offers ${JSON.stringify(await page.locator('.quick-input-list .monaco-list-row').allInnerTexts())}`,
  );
  await page.keyboard.press('Enter');
}

/** The text of the active editor, line by line in the order shown (the file must fit on screen). */
function editorText() {
  return page.evaluate((editor) => {
    const lines = [...document.querySelectorAll(`${editor} .view-lines .view-line`)];
    return lines
      .map((line) => ({ top: parseFloat(line.style.top), text: line.textContent.replace(/\u00a0/g, ' ') }))
      .sort((a, b) => a.top - b.top)
      .map((line) => line.text)
      .join('\n');
  }, EDITOR);
}

async function checkHighlighting() {
  const mode = await until(
    'the status bar shows the language mode Futhark',
    async () => (await statusBarText('status.editor.mode')) === 'Futhark' && 'Futhark',
    async () => `it shows "${await statusBarText('status.editor.mode')}"`,
  );
  const texts = ['def', '-- | Doubles a number.', '2'];
  const colours = await until(
    'the grammar colours `def`, the doc comment and `2` differently from plain text',
    async () => {
      const c = await tokenColours(texts);
      const ok =
        c &&
        texts.every((t) => c[t] && c[t] !== c.plain) &&
        c.def !== c['-- | Doubles a number.'];
      return ok && c;
    },
    async () => JSON.stringify(await tokenColours(texts)),
  );
  return `language mode ${mode}; colours: def ${colours.def}, doc comment ${colours['-- | Doubles a number.']}, ` +
    `2 ${colours['2']}, plain text ${colours.plain}`;
}

/** Hovers `word` on the line starting with `line` until a hover containing `expected` shows; returns its text. */
async function hoverText(line, word, expected) {
  const hover = page.locator('.monaco-hover:not(.hidden)', { hasText: expected });
  return until(
    `hovering \`${word}\` on the line of \`${line}\` shows ${expected}`,
    async () => {
      const r = await textRect(line, word);
      if (!r) return false;
      // Move away first so that every attempt is a fresh hover.
      await page.mouse.move(5, 5);
      await sleep(100);
      await page.mouse.move(r.x + r.width / 2, r.y + r.height / 2, { steps: 3 });
      await hover.first().waitFor({ state: 'visible', timeout: 4000 });
      return (await hover.first().innerText()).trim();
    },
    async () => {
      const shown = await page.locator('.monaco-hover:not(.hidden)').allInnerTexts();
      return `hover shows ${JSON.stringify(shown)}; server: ${await serverStatus()}`;
    },
  );
}

async function checkHover() {
  // A variable (the parameter `x`) shows its type.
  const variable = await hoverText('def double', 'x', 'i32');
  if (variable.includes('->') || variable.includes('Doubles a number.')) {
    fail(`hovering the variable \`x\` shows more than its type: ${JSON.stringify(variable)}`);
  }
  // A function shows its type and its documentation.
  const text = await hoverText('def main', 'double', 'i32 -> i32');
  if (!text.includes('Doubles a number.')) fail(`the hover lacks the doc comment "Doubles a number.": ${JSON.stringify(text)}`);
  return `hover: x ${JSON.stringify(variable.replace(/\s+/g, ' '))}; double ${JSON.stringify(text.replace(/\s+/g, ' '))}`;
}

async function checkDiagnostics() {
  // A squiggle on the line of `main`.
  const squiggleTop = await until(
    'the consumption error is underlined with an error squiggle on the line of `main`',
    async () => {
      const line = await textRect('def main', 'def main');
      const tops = await page.locator(`${EDITOR} .squiggly-error`).evaluateAll((els) =>
        els.map((e) => e.getBoundingClientRect()).map((r) => r.y + r.height / 2),
      );
      return line && tops.find((y) => y >= line.y && y <= line.y + line.height);
    },
    async () => `squiggles: ${await page.locator(`${EDITOR} .squiggly-error`).count()}; server: ${await serverStatus()}`,
  );
  await page.mouse.move(5, 5);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Shift+M');
  const row = page.locator('.markers-panel .monaco-list-row', { hasText: CONSUMPTION_ERROR });
  const message = await until(
    `the Problems panel lists "${CONSUMPTION_ERROR}"`,
    async () => (await row.count()) > 0 && (await row.first().innerText()).trim(),
    async () => `it lists ${JSON.stringify(await page.locator('.markers-panel .monaco-list-row').allInnerTexts())}`,
  );
  return `squiggle at y=${Math.round(squiggleTop)}; Problems: ${JSON.stringify(message.replace(/\s+/g, ' '))}`;
}

async function checkDefinition() {
  const lineText = SOURCE.split('\n')[2];
  const column = lineText.indexOf('double') + 2; // 1-based, inside the name
  await goToLine(`3:${column}`);
  await until(`the cursor is at Ln 3, Col ${column}`, async () => (await cursorPosition()) === `Ln 3, Col ${column}`,
    async () => `it is at "${await cursorPosition()}"`);
  const expected = `Ln 2, Col ${SOURCE.split('\n')[1].indexOf('double') + 1}`;
  const position = await until(
    `F12 (Go to Definition) on \`double\` moves the cursor to line 2 (${expected})`,
    async () => {
      // Pressed again only while the cursor has not moved (the server may
      // not have answered, or not been ready, the first time).
      if ((await cursorPosition()).startsWith('Ln 3,')) await page.keyboard.press('F12');
      for (let i = 0; i < 20; i++) {
        const now = await cursorPosition();
        if (now.startsWith('Ln 2,')) return now;
        await sleep(100);
      }
      return false;
    },
    async () => `it is at "${await cursorPosition()}"; server: ${await serverStatus()}`,
  );
  if (!position.startsWith(expected)) fail(`Go to Definition landed at "${position}", expected "${expected}"`);
  return `cursor at ${position}`;
}

async function checkCompletion() {
  const line = SOURCE.split('\n')[3];
  await goToLine(`4:${line.length + 1}`);
  await until(`the cursor is after \`coun\` (Ln 4, Col ${line.length + 1})`,
    async () => (await cursorPosition()) === `Ln 4, Col ${line.length + 1}`,
    async () => `it is at "${await cursorPosition()}"`);
  const row = page.locator('.suggest-widget .monaco-list-row', { hasText: /^count/ });
  const found = await until(
    'Ctrl+Space after `coun` lists `count`',
    async () => {
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+Space');
      await page.locator('.suggest-widget.visible').waitFor({ state: 'visible', timeout: 4000 });
      await sleep(300); // let the list settle past "Loading..."
      if ((await row.count()) === 0) return false;
      const label = (await row.first().locator('.label-name').innerText()).trim();
      const icon = await row.first().locator('.suggest-icon').getAttribute('class');
      return label === 'count' && { label, icon };
    },
    async () => `the widget lists ${JSON.stringify(await page.locator('.suggest-widget .monaco-list-row').allInnerTexts())}; ` +
      `server: ${await serverStatus()}`,
  );
  // futls reports parameters as variables; word-based suggestions would be "text".
  if (!/codicon-symbol-variable/.test(found.icon)) fail(`\`count\` is not a variable completion from futls: icon ${found.icon}`);
  return `suggestions include count (${/codicon-symbol-\w+/.exec(found.icon)[0]})`;
}

async function checkDiskChange() {
  const row = page.locator('.markers-panel .monaco-list-row', { hasText: 'helper' });
  if ((await row.count()) > 0) fail('an error about `helper` before lib.fut changed');
  const changed = Date.now();
  fs.writeFileSync(path.join(dirs().workspace, LIB_NAME), LIB_CHANGED);
  await until(
    'after lib.fut changes on disk, the Problems panel lists an error about `helper` in main.fut',
    async () => {
      if ((await page.locator('.markers-panel').count()) === 0) await page.keyboard.press('Control+Shift+M');
      return (await row.count()) > 0;
    },
    async () => `it lists ${JSON.stringify(await page.locator('.markers-panel .monaco-list-row').allInnerTexts())}`,
  );
  return `reported ${seconds(Date.now() - changed)} after the write`;
}

async function checkFormatting() {
  const file = path.join(dirs().workspace, TIDY_NAME);
  const expected = run(FUTC, ['fmt', '--stdout', file], {}, '`futc fmt --stdout`', 30_000);
  if (expected === TIDY_SOURCE) fail(`${TIDY_NAME} is formatted already; the step would prove nothing`);
  await openFile(TIDY_NAME, 'triple');
  // From its first line: the text is read from the lines drawn, and an
  // editor opened scrolled down draws only the last.
  await focusEditor();
  await page.keyboard.press('Control+Home');
  await until(
    `${TIDY_NAME} shows its text`,
    async () => (await editorText()) === TIDY_SOURCE,
    async () => `it shows ${JSON.stringify(await editorText())}`,
  );
  await until(
    `"Format Document" makes the editor's text what \`futc fmt --stdout\` prints`,
    async () => {
      if ((await editorText()) === TIDY_SOURCE) await runCommand('Format Document');
      await sleep(500);
      await page.keyboard.press('Control+Home');
      return (await editorText()) === expected;
    },
    async () => `the editor shows ${JSON.stringify(await editorText())}, ` +
      `futc fmt prints ${JSON.stringify(expected)}; server: ${await serverStatus()}`,
  );
  return `${TIDY_SOURCE.split('\n').length - 1} lines formatted as futc fmt does`;
}

async function checkLens() {
  const lens = page.locator(`${EDITOR} .codelens-decoration`, { hasText: LENS_TEXT });
  const text = await until(
    `the example line shows the code lens "${LENS_TEXT}"`,
    async () => (await lens.count()) > 0 && (await lens.first().innerText()).trim(),
    async () => `lenses: ${JSON.stringify(await page.locator(`${EDITOR} .codelens-decoration`).allInnerTexts())}; ` +
      `server: ${await serverStatus()}`,
  );
  return `lens ${JSON.stringify(text)}`;
}

async function checkLiterate() {
  await openFile(LITERATE_NAME, 'def triple');
  await runCommand('Futhark: Preview literate Markdown');
  const markdown = path.join(dirs().workspace, LITERATE_MARKDOWN);
  await until(
    `the command writes ${LITERATE_MARKDOWN} with the value ${LITERATE_VALUE}`,
    async () => fs.existsSync(markdown) && fs.readFileSync(markdown, 'utf8').includes(LITERATE_VALUE),
    async () => {
      const holds = fs.existsSync(markdown) ? `it holds ${JSON.stringify(fs.readFileSync(markdown, 'utf8'))}` : 'no file';
      return `${holds}; notifications: ${JSON.stringify(await page.locator('.notification-toast').allInnerTexts())}`;
    },
  );
  await until(
    `the Markdown preview beside the editor shows ${LITERATE_VALUE}`,
    async () => {
      const tab = await page.locator('.tab', { hasText: `Preview ${LITERATE_MARKDOWN}` }).count();
      if (tab === 0) return false;
      for (const frame of page.frames()) {
        const body = await frame.locator('body').innerText({ timeout: 1000 }).catch(() => '');
        if (body.includes('Tripling fourteen') && body.includes(LITERATE_VALUE)) return true;
      }
      return false;
    },
    async () => `tabs: ${JSON.stringify(await page.locator('.tab').allInnerTexts())}`,
  );
  return `${LITERATE_MARKDOWN} written (${fs.statSync(markdown).size} bytes) and shown in the preview`;
}

async function checkLiterateFailure() {
  await openFile(BROKEN_NAME, 'def twice');
  await runCommand('Futhark: Preview literate Markdown');
  // futc runs in the file's folder and names it as it is there.
  const heading = `futc literate failed (exit status 2): error: ${BROKEN_NAME}:3:`;
  const toast = page.locator('.notification-toast', { hasText: heading });
  const text = await until(
    `an error notification shows futc's exit status and its error ${BROKEN_ERROR}`,
    async () => (await toast.count()) > 0 && (await toast.first().innerText()).replace(/\s+/g, ' ').trim(),
    async () => `notifications: ${JSON.stringify(await page.locator('.notification-toast').allInnerTexts())}`,
  );
  if (!text.includes(BROKEN_ERROR)) {
    fail(`the notification lacks futc's error ${BROKEN_ERROR}: ${JSON.stringify(text)}`);
  }
  return `notification ${JSON.stringify(text.slice(0, 120))}`;
}

/** The text of each editor on screen, one string per editor, read as `editorText` reads them. */
function editorTexts() {
  return page.evaluate((editor) =>
    [...document.querySelectorAll(editor)].map((e) =>
      [...e.querySelectorAll('.view-lines .view-line')]
        .map((line) => ({ top: parseFloat(line.style.top), text: line.textContent.replace(/\u00a0/g, ' ') }))
        .sort((a, b) => a.top - b.top)
        .map((line) => line.text)
        .join('\n'),
    ), EDITOR);
}

async function checkIrLens() {
  // Room for the file and its IR beside it, and nothing in front of them.
  for (const title of ['View: Close All Editor Groups', 'Notifications: Clear All Notifications', 'View: Hide Panel']) {
    await runCommand(title);
  }
  await openFile(ENTRY_NAME, 'entry main');
  const lens = page.locator(`${EDITOR} .codelens-decoration a`, { hasText: ENTRY_LENS });
  await until(
    `the entry point shows the code lens "${ENTRY_LENS}"`,
    async () => (await lens.count()) > 0,
    async () => `lenses: ${JSON.stringify(await page.locator(`${EDITOR} .codelens-decoration`).allInnerTexts())}; ` +
      `server: ${await serverStatus()}`,
  );
  await lens.first().click();
  const tab = page.locator('.tab', { hasText: IR_TAB });
  const ir = await until(
    `clicking it opens the tab "${IR_TAB}" with IR that starts with \`level soacs\` and has \`entry main\``,
    async () =>
      (await tab.count()) > 0 &&
      (await editorTexts()).find((text) => text.startsWith('level soacs\n') && /^entry main\b/m.test(text)),
    async () => `tabs: ${JSON.stringify(await page.locator('.tab').allInnerTexts())}; ` +
      `editors start with ${JSON.stringify((await editorTexts()).map((t) => t.split('\n')[0]))}; ` +
      `notifications: ${JSON.stringify(await page.locator('.notification-toast').allInnerTexts())}`,
  );
  if (/^entry total\b/m.test(ir)) fail(`the IR of \`main\` has the entry point \`total\` too: ${JSON.stringify(ir)}`);
  return `lens ${JSON.stringify(ENTRY_LENS)}; tab ${JSON.stringify(IR_TAB)} shows ${ir.split('\n').length} lines of IR`;
}

/** Waits for the quick pick titled `title` to offer `first` first, then picks `label`, typed into it. */
async function quickPick(title, first, label) {
  const widget = page.locator('.quick-input-widget');
  const rows = page.locator('.quick-input-list .monaco-list-row .label-name');
  const offered = async () => JSON.stringify(await rows.allInnerTexts());
  await until(
    `the quick pick "${title}" offers ${first} first`,
    async () =>
      (await widget.isVisible()) &&
      (await widget.locator('.quick-input-title').innerText()).trim() === title &&
      (await rows.first().innerText()).trim() === first,
    async () => `it offers ${await offered()}`,
  );
  const all = await rows.allInnerTexts();
  await widget.locator('input').fill(label);
  await until(`the quick pick "${title}" offers ${label} first once typed`,
    async () => (await rows.first().innerText()).trim() === label,
    async () => `it offers ${await offered()}`);
  await page.keyboard.press('Enter');
  return all.map((t) => t.trim());
}

async function checkIrCommand() {
  // The command is offered for the Futhark file, not for its IR beside it.
  await runCommand('View: Focus First Editor Group');
  await startCommand('Futhark: Show core IR');
  const stages = await quickPick('Futhark: Show core IR', 'soacs', 'seq');
  const entries = await quickPick('Futhark: Show core IR', 'All entry points', 'total');
  for (const name of ['main', 'total']) {
    if (!entries.includes(name)) fail(`the entry points offered lack ${name}: ${JSON.stringify(entries)}`);
  }
  const tab = `${ENTRY_NAME} (total, seq)`;
  const ir = await until(
    `the tab "${tab}" shows IR that starts with \`level seq\` and has \`entry total\` only`,
    async () =>
      (await page.locator('.tab', { hasText: tab }).count()) > 0 &&
      (await editorTexts()).find((text) => text.startsWith('level seq\n') && /^entry total\b/m.test(text)),
    async () => `tabs: ${JSON.stringify(await page.locator('.tab').allInnerTexts())}; ` +
      `editors start with ${JSON.stringify((await editorTexts()).map((t) => t.split('\n')[0]))}; ` +
      `notifications: ${JSON.stringify(await page.locator('.notification-toast').allInnerTexts())}`,
  );
  if (/^entry main\b/m.test(ir)) fail(`the IR of \`total\` has the entry point \`main\` too: ${JSON.stringify(ir)}`);
  return `stages offered ${JSON.stringify(stages)}; entry points ${JSON.stringify(entries)}; ` +
    `tab ${JSON.stringify(tab)} shows ${ir.split('\n').length} lines of IR`;
}

async function checkIrFailure() {
  await runCommand('View: Focus First Editor Group');
  await openFile(BROKEN_NAME, 'def twice');
  await startCommand('Futhark: Show core IR');
  await quickPick('Futhark: Show core IR', 'soacs', 'soacs');
  const toast = page.locator('.notification-toast', { hasText: IR_ERROR });
  const text = await until(
    `an error notification says "${IR_ERROR}"`,
    async () => (await toast.count()) > 0 && (await toast.first().innerText()).replace(/\s+/g, ' ').trim(),
    async () => `notifications: ${JSON.stringify(await page.locator('.notification-toast').allInnerTexts())}`,
  );
  return `notification ${JSON.stringify(text)}`;
}

/** The text of the IR view of `main` at `soacs` on screen: the editor whose text is IR of that entry point. */
async function mainIr() {
  return (await editorTexts()).find((text) => /^level soacs$/m.test(text) && /^entry main\b/m.test(text));
}

async function checkIrLive() {
  for (const title of ['View: Close All Editor Groups', 'Notifications: Clear All Notifications']) {
    await runCommand(title);
  }
  await openFile(ENTRY_NAME, 'entry main');
  const lens = page.locator(`${EDITOR} .codelens-decoration a`, { hasText: ENTRY_LENS });
  await until(`the entry point shows the code lens "${ENTRY_LENS}"`, async () => (await lens.count()) > 0);
  await lens.first().click();
  const describe = async () => `the IR view shows ${JSON.stringify(await mainIr())}; ` +
    `tabs: ${JSON.stringify(await page.locator('.tab').allInnerTexts())}; ` +
    `notifications: ${JSON.stringify(await page.locator('.notification-toast').allInnerTexts())}; ` +
    `server: ${await serverStatus()}`;
  const squares = /= Mul\((\w+), \1\)/;
  await until(
    `the tab "${IR_TAB}" shows IR that squares (\`Mul(x, x)\`)`,
    async () => (await page.locator('.tab', { hasText: IR_TAB }).count()) > 0 && squares.test((await mainIr()) ?? ''),
    describe,
  );

  // Replaces the second `x` of `x * x` in the file's first line, typing into its editor.
  const column = ENTRY_SOURCE.indexOf('x * x') + 5; // 1-based: the second `x`
  await runCommand('View: Focus First Editor Group');
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`:1:${column}`);
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  await until(`the cursor is at Ln 1, Col ${column}`, async () => (await cursorPosition()) === `Ln 1, Col ${column}`,
    async () => `it is at "${await cursorPosition()}"`);
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.type('y');
  const stale = await until(
    `after \`x * x\` becomes \`x * y\`, the IR view starts with "${IR_STALE}" and keeps its IR`,
    async () => {
      const ir = await mainIr();
      return ir !== undefined && ir.startsWith(`${IR_STALE}\nlevel soacs\n`) && squares.test(ir) && ir;
    },
    describe,
  );

  await page.keyboard.press('Escape'); // a suggestion list, if any
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.type('3');
  const triples = /= Mul\(\w+, 3\.0f32\)/;
  const fresh = await until(
    'after `x * y` becomes `x * 3`, the IR view shows the new IR (`Mul(x, 3.0f32)`) without the comment line',
    async () => {
      const ir = await mainIr();
      return ir !== undefined && ir.startsWith('level soacs\n') && triples.test(ir) && ir;
    },
    describe,
  );
  const toasts = await page.locator('.notification-toast').allInnerTexts();
  if (toasts.length > 0) fail(`editing the file showed notifications: ${JSON.stringify(toasts)}`);
  return `stale: ${JSON.stringify(stale.split('\n')[0])} over ${stale.split('\n').length - 1} lines of IR; ` +
    `then ${JSON.stringify(triples.exec(fresh)[0])}`;
}

async function checkIrImportChanged() {
  for (const title of ['View: Close All Editor Groups', 'Notifications: Clear All Notifications']) {
    await runCommand(title);
  }
  await openFile(SCALED_NAME, 'entry main');
  const lens = page.locator(`${EDITOR} .codelens-decoration a`, { hasText: SCALED_LENS });
  await until(`the entry point shows the code lens "${SCALED_LENS}"`, async () => (await lens.count()) > 0);
  await lens.first().click();
  const describe = async () => `the IR view shows ${JSON.stringify(await mainIr())}; ` +
    `tabs: ${JSON.stringify(await page.locator('.tab').allInnerTexts())}; server: ${await serverStatus()}`;
  const scaledBy = (factor) => new RegExp(`= Mul\\(\\w+, ${factor}\\.0f32\\)`);
  await until('the IR view multiplies by 2 (`Mul(x, 2.0f32)`)', async () => scaledBy(2).test((await mainIr()) ?? ''),
    describe);
  // Only on disk: the editor does not have factor.fut open.
  fs.writeFileSync(path.join(dirs().workspace, FACTOR_NAME), FACTOR_CHANGED);
  const changed = Date.now();
  const fresh = await until(
    `after ${FACTOR_NAME} changes on disk, the IR view multiplies by 5 (\`Mul(x, 5.0f32)\`)`,
    async () => {
      const ir = await mainIr();
      return ir !== undefined && scaledBy(5).test(ir) && ir;
    },
    describe,
  );
  return `${JSON.stringify(scaledBy(5).exec(fresh)[0])} ${seconds(Date.now() - changed)} after the write`;
}

// ---------------------------------------------------------------------------

async function main() {
  const overall = setTimeout(async () => {
    console.error(`\nFAIL: the whole test took longer than ${seconds(TOTAL_TIMEOUT_MS)}`);
    if (page) await withTimeout(page.screenshot({ path: path.join(OUT, 'failure.png') }), 5000, 'screenshot').catch(() => {});
    finish(1);
  }, TOTAL_TIMEOUT_MS);

  let current = 'preparation';
  try {
    checkPrerequisites();
    prepareState();
    log(`futls: ${FUTLS}; futc: ${FUTC}; state: ${tmp}; screenshots: ${OUT}`);
    buildAndInstallExtension();
    const url = await startCodeServer();
    current = 'opening the workbench';
    await withTimeout(openBrowser(url), STEP_TIMEOUT_MS + 5000, current);
    log('workbench loaded');

    const steps = [
      ['open the file with Ctrl+P', null, openFile],
      ['(a) language mode and highlighting', '1-highlighting', checkHighlighting],
      ['(b) hover', '2-hover', checkHover],
      ['(c) diagnostics', '3-diagnostics', checkDiagnostics],
      ['(d) go to definition', '4-definition', checkDefinition],
      ['(e) completion', '5-completion', checkCompletion],
      ['(f) an imported file changed on disk', '6-disk-change', checkDiskChange],
      ['(g) Format Document', '7-format', checkFormatting],
      ['(h) evaluation lens', '8-lens', checkLens],
      ['(i) literate preview', '9-literate', checkLiterate],
      ['(j) literate failure', '10-literate-failure', checkLiterateFailure],
      ['(k) core IR from the entry point lens', '11-ir', checkIrLens],
      ['(l) core IR from the Command Palette', '12-ir-command', checkIrCommand],
      ['(m) core IR of a program with an error', '13-ir-failure', checkIrFailure],
      ['(n) core IR follows edits', '14-ir-live', checkIrLive],
      ['(o) core IR follows an import changed on disk', '15-ir-import', checkIrImportChanged],
    ];
    for (const [name, shot, fn] of steps) {
      current = name;
      const t0 = Date.now();
      const detail = await withTimeout(fn(), STEP_TIMEOUT_MS + 5000, name);
      const file = shot ? await screenshot(shot) : undefined;
      log(`ok   ${name} [${seconds(Date.now() - t0)}]${detail ? `: ${detail}` : ''}${file ? ` -> ${path.relative(REPO, file)}` : ''}`);
    }
    clearTimeout(overall);
    await finish(0);
  } catch (e) {
    clearTimeout(overall);
    if (interrupted || finishing) return finish(1); // already on its way out
    console.error(`\nFAIL: ${current}: ${e instanceof CheckFailed ? e.message : e.stack || e}`);
    if (page) {
      const file = path.join(OUT, 'failure.png');
      await withTimeout(page.screenshot({ path: file }), 10_000, 'failure screenshot')
        .then(() => console.error(`screenshot: ${file}`))
        .catch(() => {});
    }
    if (tmp) {
      const csLog = dirs().codeServerLog;
      if (fs.existsSync(csLog)) console.error(`code-server log: ${csLog}`);
      const serverLogs = findFiles(path.join(dirs().userData, 'logs'), /Futhark Language Server\.log$/);
      for (const f of serverLogs) {
        const text = fs.readFileSync(f, 'utf8').trim().split('\n').slice(-20).join('\n');
        console.error(`--- ${f} (last lines)\n${text}`);
      }
    }
    await finish(1);
  }
}

function findFiles(dir, pattern) {
  const found = [];
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findFiles(p, pattern));
    else if (pattern.test(entry.name)) found.push(p);
  }
  return found;
}

main();
