// The core IR view: the command `futhark.showIr` asks the language server
// (`futhark/ir`) for the program of a Futhark document at a stage of the
// compiler and shows it as a read-only virtual document beside the editor.
// The server's code lens on each entry point runs it with the document, the
// entry point and `soacs`; from the Command Palette it asks for the stage
// and the entry point.

import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { IR_SCHEME, IR_STAGES, type IrTarget, irUriParts, parseIrQuery } from './irTarget';

const COMMAND = 'futhark.showIr';
const TITLE = 'Futhark: Show core IR';

/** An entry point of a document, as the server's code lens names it. */
interface EntryPoint {
  name: string;
  /** The lens's title: its parallel operations after fusion and its kernels. */
  title: string;
}

export class IrView implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  /** The text of each open IR document, by its URI. */
  private readonly texts = new Map<string, string>();
  private readonly subscriptions: vscode.Disposable[];

  /** `client` gives the running language client, if any. */
  constructor(private readonly client: () => LanguageClient | undefined) {
    this.subscriptions = [
      vscode.workspace.registerTextDocumentContentProvider(IR_SCHEME, this),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme === IR_SCHEME) {
          this.texts.delete(document.uri.toString());
        }
      }),
      this.changed,
    ];
  }

  dispose(): void {
    for (const subscription of this.subscriptions) {
      subscription.dispose();
    }
  }

  /**
   * The command: with a document's URI and a stage (and an entry point,
   * possibly), as the code lens gives them, shows that; without them, asks
   * what to show of the active Futhark file.
   */
  async command(source?: unknown, entry?: unknown, stage?: unknown): Promise<void> {
    if (typeof source === 'string' && typeof stage === 'string') {
      await this.show({ source, stage, entry: typeof entry === 'string' ? entry : undefined });
      return;
    }
    const target = await this.ask();
    if (target !== undefined) {
      await this.show(target);
    }
  }

  provideTextDocumentContent(uri: vscode.Uri): string | Thenable<string> {
    const text = this.texts.get(uri.toString());
    if (text !== undefined) {
      return text;
    }
    // Reopened after it was closed: asked for again.
    const target = parseIrQuery(uri.query);
    if (target === undefined) {
      throw new Error(`${uri.toString()} names no Futhark document and stage`);
    }
    return this.request(target);
  }

  /** Shows the IR of `target` beside the editor, or the server's error as a notification. */
  private async show(target: IrTarget): Promise<void> {
    let text: string;
    try {
      text = await this.request(target);
    } catch (error) {
      const what = target.entry === undefined ? target.stage : `${target.entry} at ${target.stage}`;
      void vscode.window.showErrorMessage(`Futhark: no core IR of ${what}: ${errorText(error)}`);
      return;
    }
    const { path, query } = irUriParts(target);
    const uri = vscode.Uri.from({ scheme: IR_SCHEME, path, query });
    this.texts.set(uri.toString(), text);
    // An open view of the same target shows the new text.
    this.changed.fire(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: false });
  }

  private async request(target: IrTarget): Promise<string> {
    const client = this.client();
    if (client === undefined) {
      throw new Error('the language server is not running');
    }
    const params = { textDocument: { uri: target.source }, stage: target.stage, entry: target.entry };
    const answer = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: `Futhark: core IR at ${target.stage}` },
      () => client.sendRequest<{ text: string }>('futhark/ir', params),
    );
    return answer.text;
  }

  /** Asks for the stage and, where there are several, the entry point of the active Futhark file. */
  private async ask(): Promise<IrTarget | undefined> {
    const document = vscode.window.activeTextEditor?.document;
    // The server knows the programs of files only.
    if (document === undefined || document.languageId !== 'futhark' || document.uri.scheme !== 'file') {
      void vscode.window.showErrorMessage('Futhark: open a Futhark file (saved on disk) to show its core IR.');
      return undefined;
    }
    const stage = await vscode.window.showQuickPick(
      IR_STAGES.map((s) => ({ label: s.name, description: s.description })),
      { title: TITLE, placeHolder: 'The stage of the compiler to show the program at' },
    );
    if (stage === undefined) {
      return undefined;
    }
    const source = document.uri.toString();
    const entries = await entryPoints(document.uri);
    if (entries.length < 2) {
      return { source, stage: stage.label };
    }
    const items: (vscode.QuickPickItem & { entry?: string })[] = [
      { label: 'All entry points' },
      ...entries.map((e) => ({ label: e.name, description: e.title, entry: e.name })),
    ];
    const picked = await vscode.window.showQuickPick(items, { title: TITLE, placeHolder: 'The entry point to show' });
    if (picked === undefined) {
      return undefined;
    }
    return { source, stage: stage.label, entry: picked.entry };
  }
}

/** The entry points of a document, from the server's code lenses on them. */
async function entryPoints(uri: vscode.Uri): Promise<EntryPoint[]> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[] | undefined>(
    'vscode.executeCodeLensProvider',
    uri,
  );
  const entries: EntryPoint[] = [];
  for (const lens of lenses ?? []) {
    const name = lens.command?.command === COMMAND ? lens.command.arguments?.[1] : undefined;
    if (typeof name === 'string' && !entries.some((e) => e.name === name)) {
      entries.push({ name, title: lens.command?.title ?? '' });
    }
  }
  return entries;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
