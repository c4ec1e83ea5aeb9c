// The Futhark extension: starts the `futls` language server over stdio,
// shows its state in the status bar, offers commands that run `futc`, and
// shows the server's core IR of a program.

import * as fs from 'node:fs';
import * as vscode from 'vscode';
import {
  CloseAction,
  type CloseHandlerResult,
  ErrorAction,
  type ErrorHandler,
  type ErrorHandlerResult,
  LanguageClient,
  type LanguageClientOptions,
  type Message,
  RevealOutputChannelOn,
  type ServerOptions,
  State,
  TransportKind,
} from 'vscode-languageclient/node';
import { FutcCommands } from './futcCommands';
import { IrView } from './irView';
import { isConnectionFailure, RestartPolicy } from './restartPolicy';
import { pathOptions } from './pathOptions';
import { mergeEnv, type PathSource, resolveServerPath, SERVER_NAME } from './serverPath';

const CLIENT_ID = 'futhark'; // makes vscode-languageclient honour `futhark.trace.server`
const CLIENT_NAME = 'Futhark Language Server';
const SHOW_LOG = 'Show Log';
const RESTART = 'Restart';
const OPEN_SETTINGS = 'Open Settings';

type Status =
  | { kind: 'starting' }
  | { kind: 'running' }
  | { kind: 'stopped' }
  | { kind: 'error'; detail: string };

/** What `activate` returns, for tests and other extensions. */
export interface FutharkApi {
  /** The running client, if any. */
  readonly client: LanguageClient | undefined;
  /** The executable the client was started with, if any. */
  readonly serverPath: string | undefined;
  /** Settles once the first start attempt has finished (successfully or not). */
  readonly started: Promise<void>;
}

/** One start of the server: what its handlers have already dealt with. */
interface Attempt {
  client?: LanguageClient;
  /** A crash of this client has been counted (and a restart scheduled, or given up). */
  crashHandled: boolean;
  /** The user has been notified about this client's failure. */
  reported: boolean;
}

/**
 * The language client, minus its own error pop-ups: it still logs every
 * error to the output channel, but the controller decides what to notify, so
 * that one failure gives one clear notification.
 */
class FutharkLanguageClient extends LanguageClient {
  override error(message: string, data?: unknown, _showNotification?: boolean | 'force'): void {
    super.error(message, data, false);
  }
}

class ServerController implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private serverPath: string | undefined;
  private serverSource: PathSource | undefined;
  private readonly policy = new RestartPolicy(4, 3 * 60 * 1000);
  private status: Status = { kind: 'stopped' };
  private readonly statusItem: vscode.StatusBarItem;
  private readonly output: vscode.OutputChannel;
  private readonly traceOutput: vscode.OutputChannel;
  /** Shared by successive clients, which only attach listeners to it. */
  private readonly watcher: vscode.FileSystemWatcher;
  /** Serialises start/stop/restart so that commands cannot interleave. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly context: vscode.ExtensionContext) {
    this.output = vscode.window.createOutputChannel(CLIENT_NAME);
    this.traceOutput = vscode.window.createOutputChannel(`${CLIENT_NAME} Trace`);
    this.watcher = vscode.workspace.createFileSystemWatcher('**/*.fut');
    this.statusItem = vscode.window.createStatusBarItem('futhark.server', vscode.StatusBarAlignment.Left, 10);
    this.statusItem.name = 'Futhark Language Server';
    this.statusItem.command = 'futhark.showServerLog';
    this.setStatus({ kind: 'stopped' });
    this.statusItem.show();
  }

  get currentClient(): LanguageClient | undefined {
    return this.client;
  }

  get currentServerPath(): string | undefined {
    return this.serverPath;
  }

  showLog(): void {
    this.output.show(true);
  }

  start(): Promise<void> {
    return this.enqueue(() => this.doStart());
  }

  restart(): Promise<void> {
    return this.enqueue(async () => {
      this.log('Restarting the server.');
      await this.doStop();
      this.policy.reset();
      await this.doStart();
    });
  }

  stop(): Promise<void> {
    return this.enqueue(() => this.doStop());
  }

  dispose(): void {
    this.statusItem.dispose();
    this.output.dispose();
    this.traceOutput.dispose();
    this.watcher.dispose();
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private log(message: string): void {
    this.output.appendLine(`[client - ${new Date().toLocaleTimeString()}] ${message}`);
  }

  private setStatus(status: Status): void {
    this.status = status;
    const where = this.serverPath ? `\n\n${this.serverPath} (${this.sourceText()})` : '';
    const item = this.statusItem;
    item.backgroundColor = undefined;
    switch (status.kind) {
      case 'starting':
        item.text = `$(sync~spin) ${SERVER_NAME}`;
        item.tooltip = `Futhark: the language server is starting.${where}`;
        break;
      case 'running':
        item.text = `$(check) ${SERVER_NAME}`;
        item.tooltip = `Futhark: the language server is running.${where}\n\nClick to show its log.`;
        break;
      case 'stopped':
        item.text = `$(circle-slash) ${SERVER_NAME}`;
        item.tooltip = 'Futhark: the language server is not running. Click to show its log.';
        break;
      case 'error':
        item.text = `$(error) ${SERVER_NAME}`;
        item.tooltip = `Futhark: ${status.detail}\n\nClick to show the log.`;
        item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
        break;
    }
  }

  private sourceText(): string {
    switch (this.serverSource) {
      case 'setting':
        return 'from futhark.server.path';
      case 'path':
        return 'found on PATH';
      case 'bundled':
        return 'bundled with the extension';
      default:
        return 'unknown';
    }
  }

  private async doStart(): Promise<void> {
    if (this.client !== undefined) {
      return;
    }
    const config = vscode.workspace.getConfiguration('futhark');
    const resolved = resolveServerPath(pathOptions(this.context, 'server.path'));
    if (resolved.kind === 'notFound') {
      this.serverPath = undefined;
      this.serverSource = undefined;
      this.log(resolved.message);
      if (resolved.searched.length > 0) {
        this.log(`Looked for: ${resolved.searched.join(', ')}`);
      }
      this.setStatus({ kind: 'error', detail: resolved.message });
      void this.notifyError(resolved.message, [OPEN_SETTINGS, SHOW_LOG]);
      return;
    }
    this.serverPath = resolved.path;
    this.serverSource = resolved.source;
    if (resolved.source === 'bundled' && process.platform !== 'win32') {
      ensureExecutable(resolved.path, (m) => this.log(m));
    }

    const merged = mergeEnv(process.env, config.get<unknown>('server.extraEnv', {}), process.platform);
    if (merged.ignored.length > 0) {
      this.log(`futhark.server.extraEnv: ignored entries that are not strings: ${merged.ignored.join(', ')}`);
    }
    this.log(`Starting ${resolved.path} (${this.sourceText()}).`);

    const executable = {
      command: resolved.path,
      args: [] as string[],
      transport: TransportKind.stdio,
      options: { env: merged.env },
    };
    const serverOptions: ServerOptions = { run: executable, debug: executable };
    const attempt: Attempt = { crashHandled: false, reported: false };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [
        { scheme: 'file', language: 'futhark' },
        { scheme: 'untitled', language: 'futhark' },
      ],
      synchronize: {
        fileEvents: this.watcher,
      },
      outputChannel: this.output,
      traceOutputChannel: this.traceOutput,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      errorHandler: this.errorHandler(attempt),
      initializationFailedHandler: (error) => {
        if (!isConnectionFailure(error)) {
          // The server is alive but refused to initialise: restarting will not help.
          attempt.reported = true;
          const message = `The Futhark language server failed to initialise: ${errorText(error)}`;
          this.setStatus({ kind: 'error', detail: message });
          void this.notifyError(message, [SHOW_LOG, RESTART]);
        } else {
          // The connection broke: the server died while starting.
          this.onCrash(attempt);
        }
        return false;
      },
    };

    const client = new FutharkLanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
    attempt.client = client;
    this.client = client;
    client.onDidChangeState((event) => {
      if (this.client !== client) {
        return;
      }
      switch (event.newState) {
        case State.Starting:
          this.setStatus({ kind: 'starting' });
          break;
        case State.Running:
          this.setStatus({ kind: 'running' });
          break;
        case State.Stopped:
          // A stop after a failure keeps the error status and its explanation.
          if (this.status.kind !== 'error') {
            this.setStatus({ kind: 'stopped' });
          }
          break;
      }
    });

    this.setStatus({ kind: 'starting' });
    try {
      await client.start();
    } catch (error) {
      this.log(`The server did not start: ${errorText(error)}`);
      if (!attempt.crashHandled && !attempt.reported) {
        attempt.reported = true;
        const message = `The Futhark language server could not be started: ${errorText(error)}`;
        this.setStatus({ kind: 'error', detail: message });
        void this.notifyError(message, [SHOW_LOG, RESTART]);
      }
    }
  }

  /** Stops and disposes the client; `dead` when its server is known to have died. */
  private async doStop(dead = false): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client === undefined) {
      return;
    }
    const wasRunning = !dead && client.state !== State.Stopped;
    try {
      await client.dispose(2000);
    } catch (error) {
      // Disposing a client whose server never started or already died
      // complains that it is not running; that is no news.
      if (wasRunning) {
        this.log(`Stopping the server failed: ${errorText(error)}`);
      }
    }
    if (this.status.kind !== 'error') {
      this.setStatus({ kind: 'stopped' });
    }
  }

  /**
   * The server of `attempt` died (at start-up or later). Each client is
   * counted once, however many of its handlers notice. A restart replaces
   * the client with a fresh one, unless the policy says the server keeps
   * crashing; then the user is told, once.
   */
  private onCrash(attempt: Attempt): void {
    if (attempt.crashHandled) {
      return;
    }
    attempt.crashHandled = true;
    const decision = this.policy.onCrash();
    if (decision.restart) {
      this.log(
        `The server stopped unexpectedly; restarting it ` +
          `(restart ${decision.crashes} of at most ${this.policy.maxRestarts} within ` +
          `${this.windowText()}).`,
      );
      this.setStatus({ kind: 'starting' });
      void this.enqueue(async () => {
        // A short, growing pause: lets the old client finish shutting down
        // and keeps a crash loop from spinning.
        await delay(250 * decision.crashes);
        if (this.client !== attempt.client) {
          return; // stopped or restarted by hand in the meantime
        }
        await this.doStop(true);
        await this.doStart();
      });
      return;
    }
    attempt.reported = true;
    const message =
      `The Futhark language server crashed ${decision.crashes} times within ${this.windowText()} ` +
      'and will not be restarted automatically. Its log may show why.';
    this.log(message);
    this.setStatus({ kind: 'error', detail: message });
    void this.notifyError(message, [SHOW_LOG, RESTART]);
  }

  private windowText(): string {
    const minutes = Math.round(this.policy.windowMs / 60000);
    return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  }

  /**
   * vscode-languageclient's error handler: decides what a broken connection
   * means. Restarts are done by `onCrash` with a fresh client, so that a crash
   * during initialisation and one during work take the same path.
   */
  private errorHandler(attempt: Attempt): ErrorHandler {
    return {
      error: (_error: Error, _message: Message | undefined, count: number | undefined): ErrorHandlerResult => {
        // A few failed reads or writes are survivable; persistent ones are not.
        if (count !== undefined && count <= 3) {
          return { action: ErrorAction.Continue, handled: true };
        }
        this.onCrash(attempt);
        return { action: ErrorAction.Shutdown, handled: true };
      },
      closed: (): CloseHandlerResult => {
        this.onCrash(attempt);
        return {
          action: CloseAction.DoNotRestart,
          message: 'The connection to the server was closed.',
          handled: true,
        };
      },
    };
  }

  private async notifyError(message: string, actions: string[]): Promise<void> {
    const choice = await vscode.window.showErrorMessage(message, ...actions);
    switch (choice) {
      case SHOW_LOG:
        this.showLog();
        break;
      case RESTART:
        await vscode.commands.executeCommand('futhark.restartServer');
        break;
      case OPEN_SETTINGS:
        await vscode.commands.executeCommand('workbench.action.openSettings', 'futhark.server');
        break;
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    return error.message;
  }
  if (typeof error === 'object' && error !== null && 'message' in error) {
    return String((error as { message: unknown }).message);
  }
  return String(error);
}

/** Restores the executable bit of the bundled server, which unpacking a VSIX can lose. */
function ensureExecutable(file: string, log: (message: string) => void): void {
  try {
    const mode = fs.statSync(file).mode;
    if ((mode & 0o111) !== 0o111) {
      fs.chmodSync(file, mode | 0o755);
    }
  } catch (error) {
    log(`Could not make ${file} executable: ${errorText(error)}`);
  }
}

let controller: ServerController | undefined;

export function activate(context: vscode.ExtensionContext): FutharkApi {
  const ctl = new ServerController(context);
  controller = ctl;
  const futc = new FutcCommands(context, () => ctl.currentServerPath);
  const ir = new IrView(() => ctl.currentClient);
  context.subscriptions.push(
    ctl,
    futc,
    ir,
    vscode.commands.registerCommand('futhark.restartServer', () => ctl.restart()),
    vscode.commands.registerCommand('futhark.showServerLog', () => ctl.showLog()),
    vscode.commands.registerCommand('futhark.previewLiterate', () => futc.previewLiterate()),
    vscode.commands.registerCommand('futhark.generateDoc', () => futc.generateDoc()),
    vscode.commands.registerCommand('futhark.showIr', (source?: unknown, entry?: unknown, stage?: unknown) =>
      ir.command(source, entry, stage),
    ),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (
        event.affectsConfiguration('futhark.server.path') ||
        event.affectsConfiguration('futhark.server.extraEnv')
      ) {
        void ctl.restart();
      }
    }),
  );
  // Not awaited: activation must not wait for a slow or hanging server.
  const started = ctl.start();
  return {
    get client() {
      return ctl.currentClient;
    },
    get serverPath() {
      return ctl.currentServerPath;
    },
    started,
  };
}

export async function deactivate(): Promise<void> {
  const ctl = controller;
  controller = undefined;
  if (ctl !== undefined) {
    await ctl.stop();
  }
}
