// The commands that run `futc` on the user's files: the literate preview
// (`futc literate`) and the documentation (`futc doc`).

import { spawn } from 'node:child_process';
import * as vscode from 'vscode';
import {
  commandLine,
  docFolder,
  docInvocation,
  failureMessage,
  type Invocation,
  literateInvocation,
} from './futcInvocation';
import { pathOptions } from './pathOptions';
import { resolveCompilerPath } from './serverPath';

const SHOW_OUTPUT = 'Show Output';
const OPEN_SETTINGS = 'Open Settings';
/** `futc literate`'s exit status when some directive failed but the Markdown was written. */
const LITERATE_DIRECTIVE_FAILED = 1;

/** How a run of `futc` ended. */
interface Outcome {
  /** The exit status, or the signal that ended it. */
  exit: number | string;
  stderr: string;
}

export class FutcCommands implements vscode.Disposable {
  private readonly output = vscode.window.createOutputChannel('Futhark');

  /** `serverPath` gives the language server in use, beside which `futc` may be. */
  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly serverPath: () => string | undefined,
  ) {}

  dispose(): void {
    this.output.dispose();
  }

  /** Runs `futc literate` on the active Futhark file and shows its Markdown beside it. */
  async previewLiterate(): Promise<void> {
    const document = activeFutharkFile();
    if (document === undefined) {
      void vscode.window.showErrorMessage('Futhark: open a Futhark file (saved on disk) to preview it as Markdown.');
      return;
    }
    // futc reads the file from disk.
    if (document.isDirty && !(await document.save())) {
      void vscode.window.showErrorMessage(`Futhark: ${document.fileName} could not be saved.`);
      return;
    }
    const invocation = literateInvocation(document.fileName);
    const outcome = await this.run(invocation, `futc literate ${vscode.workspace.asRelativePath(document.uri)}`);
    if (outcome === undefined) {
      return;
    }
    if (outcome.exit === 0 || outcome.exit === LITERATE_DIRECTIVE_FAILED) {
      await vscode.commands.executeCommand('markdown.showPreviewToSide', vscode.Uri.file(invocation.result));
    }
    if (outcome.exit === LITERATE_DIRECTIVE_FAILED) {
      void this.notify('warning', failureMessage('Some directives of futc literate', outcome.exit, outcome.stderr));
    } else if (outcome.exit !== 0) {
      void this.notify('error', failureMessage('futc literate', outcome.exit, outcome.stderr));
    }
  }

  /**
   * Runs `futc doc` on the workspace folder of the active file (or its own
   * folder, or the first workspace folder without a Futhark file open) and
   * opens the documentation's index page in the browser, or says where it
   * is when the browser runs on another machine.
   */
  async generateDoc(): Promise<void> {
    const workspaceFolders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
    const file = activeFutharkFile()?.fileName;
    const folder = file === undefined ? workspaceFolders[0] : docFolder(file, workspaceFolders);
    if (folder === undefined) {
      void vscode.window.showErrorMessage('Futhark: open a folder or a Futhark file to document.');
      return;
    }
    const storage = this.context.storageUri ?? this.context.globalStorageUri;
    const invocation = docInvocation(folder, storage.fsPath);
    const outcome = await this.run(invocation, `futc doc ${folder}`);
    if (outcome === undefined) {
      return;
    }
    if (outcome.exit !== 0) {
      void this.notify('error', failureMessage('futc doc', outcome.exit, outcome.stderr));
      return;
    }
    // A browser elsewhere than this extension host (VS Code in a browser, a
    // remote window) cannot open a file of this machine.
    const local = vscode.env.uiKind === vscode.UIKind.Desktop && vscode.env.remoteName === undefined;
    if (!local || !(await vscode.env.openExternal(vscode.Uri.file(invocation.result)))) {
      void vscode.window.showInformationMessage(`Futhark: the documentation is in ${invocation.result}.`);
    }
  }

  /**
   * Runs futc with a cancellable progress notification, logging the command
   * line and its standard error. Undefined when futc was not found, did not
   * start or was cancelled (the user has been told).
   */
  private async run(invocation: Invocation, title: string): Promise<Outcome | undefined> {
    const futc = this.resolveFutc();
    if (futc === undefined) {
      return undefined;
    }
    this.output.appendLine(`[in ${invocation.cwd}] $ ${commandLine(futc, invocation.args)}`);
    const outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      (_progress, token) => runProcess(futc, invocation, token, (text) => this.output.append(text)),
    );
    if (outcome === 'cancelled') {
      this.output.appendLine('(cancelled)');
      return undefined;
    }
    if (outcome instanceof Error) {
      this.output.appendLine(`could not run ${futc}: ${outcome.message}`);
      void this.notify('error', `Futhark: could not run ${futc}: ${outcome.message}`);
      return undefined;
    }
    this.output.appendLine(typeof outcome.exit === 'number' ? `(exit status ${outcome.exit})` : `(${outcome.exit})`);
    return outcome;
  }

  private resolveFutc(): string | undefined {
    const resolved = resolveCompilerPath(pathOptions(this.context, 'compiler.path'), this.serverPath());
    if (resolved.kind === 'found') {
      return resolved.path;
    }
    this.output.appendLine(resolved.message);
    void vscode.window.showErrorMessage(resolved.message, OPEN_SETTINGS).then((choice) => {
      if (choice === OPEN_SETTINGS) {
        void vscode.commands.executeCommand('workbench.action.openSettings', 'futhark.compiler.path');
      }
    });
    return undefined;
  }

  private async notify(level: 'warning' | 'error', message: string): Promise<void> {
    const show = level === 'warning' ? vscode.window.showWarningMessage : vscode.window.showErrorMessage;
    if ((await show(message, SHOW_OUTPUT)) === SHOW_OUTPUT) {
      this.output.show(true);
    }
  }
}

/** The active editor's document, if it is a Futhark file on disk. */
function activeFutharkFile(): vscode.TextDocument | undefined {
  const document = vscode.window.activeTextEditor?.document;
  return document?.languageId === 'futhark' && document.uri.scheme === 'file' ? document : undefined;
}

/**
 * Runs `executable` as `invocation` says, passing its standard error to
 * `log` as it comes; kills it when `token` is cancelled.
 */
function runProcess(
  executable: string,
  invocation: Invocation,
  token: vscode.CancellationToken,
  log: (text: string) => void,
): Promise<Outcome | Error | 'cancelled'> {
  return new Promise((resolve) => {
    const child = spawn(executable, invocation.args, { cwd: invocation.cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      log(chunk);
    });
    const cancellation = token.onCancellationRequested(() => child.kill());
    child.on('error', (error) => {
      cancellation.dispose();
      resolve(error);
    });
    child.on('close', (code, signal) => {
      cancellation.dispose();
      resolve(token.isCancellationRequested ? 'cancelled' : { exit: code ?? signal ?? 'unknown', stderr });
    });
  });
}
