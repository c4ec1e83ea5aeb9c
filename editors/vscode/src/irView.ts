// The core IR view: the command `futhark.showIr` asks the language server
// (`futhark/ir`) for the program of a Futhark document at a stage of the
// compiler and shows it as a read-only virtual document beside the editor.
// The server's code lens on each entry point runs it with the document, the
// entry point and `soacs`; from the Command Palette it asks for the stage
// and the entry point.
//
// The views are live: a change to a source document (typing, saving,
// reverting) asks again for the IR of each of its open views once the
// changes pause. While the program does not compile, a view keeps its last
// IR under a comment line with the server's reason.

import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { Debouncer, IrViews, irDocumentText, REFRESH_DELAY_MS, RequestOrder } from './irLive';
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
  /** The last IR the server gave for each IR document, by its URI. */
  private readonly texts = new Map<string, string>();
  /** Why the latest request of an IR document failed, while it shows older IR. */
  private readonly stale = new Map<string, string>();
  /** The IR documents in an editor tab, by their source documents. */
  private readonly views = new IrViews();
  private readonly order = new RequestOrder();
  /** The pending refresh of each source document's views. */
  private readonly refreshes = new Debouncer(REFRESH_DELAY_MS);
  private readonly subscriptions: vscode.Disposable[];

  /** `client` gives the running language client, if any. */
  constructor(private readonly client: () => LanguageClient | undefined) {
    // Files changed on disk only (by another program, a `git checkout`)
    // may be imported by the programs of open views too.
    const onDisk = vscode.workspace.createFileSystemWatcher('**/*.fut');
    const diskChanged = (uri: vscode.Uri) => this.futharkFileChanged(uri);
    this.subscriptions = [
      onDisk,
      onDisk.onDidChange(diskChanged),
      onDisk.onDidCreate(diskChanged),
      onDisk.onDidDelete(diskChanged),
      vscode.workspace.registerTextDocumentContentProvider(IR_SCHEME, this),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme === IR_SCHEME) {
          this.stopRefreshing(document.uri);
          this.texts.delete(document.uri.toString());
          this.stale.delete(document.uri.toString());
        } else {
          // The server no longer has the document: nothing to ask about.
          this.refreshes.cancel(document.uri.toString());
        }
      }),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length > 0) {
          this.sourceChanged(event.document);
        }
      }),
      vscode.workspace.onDidSaveTextDocument((document) => this.sourceChanged(document)),
      vscode.window.tabGroups.onDidChangeTabs((event) => this.tabsChanged(event)),
      this.changed,
      this.refreshes,
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

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const key = uri.toString();
    if (!this.texts.has(key)) {
      // Reopened after it was closed: asked for again.
      const target = parseIrQuery(uri.query);
      if (target === undefined) {
        throw new Error(`${key} names no Futhark document and stage`);
      }
      const failure = await this.fetch(uri, target);
      if (failure !== undefined && !this.texts.has(key)) {
        throw new Error(failure);
      }
    }
    return irDocumentText(this.texts.get(key) ?? '', this.stale.get(key));
  }

  /** Shows the IR of `target` beside the editor, or the server's error as a notification. */
  private async show(target: IrTarget): Promise<void> {
    const { path, query } = irUriParts(target);
    const uri = vscode.Uri.from({ scheme: IR_SCHEME, path, query });
    const failure = await this.fetch(uri, target);
    if (failure !== undefined) {
      const what = target.entry === undefined ? target.stage : `${target.entry} at ${target.stage}`;
      void vscode.window.showErrorMessage(`Futhark: no core IR of ${what}: ${failure}`);
      return;
    }
    this.views.track(uri.toString(), sourceKey(target.source));
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: false });
  }

  /**
   * Asks for the IR of the document `uri` and, unless a later request's
   * answer came first, makes it the document's text (an open view shows
   * it); gives the server's reason when it has no IR.
   */
  private async fetch(uri: vscode.Uri, target: IrTarget): Promise<string | undefined> {
    const key = uri.toString();
    const ticket = this.order.next(key);
    try {
      const text = await this.request(target);
      if (this.order.accept(key, ticket)) {
        this.texts.set(key, text);
        this.stale.delete(key);
        this.changed.fire(uri);
      }
      return undefined;
    } catch (error) {
      const reason = errorText(error);
      if (this.order.accept(key, ticket) && this.texts.has(key)) {
        this.stale.set(key, reason);
        this.changed.fire(uri);
      }
      return reason;
    }
  }

  /** A document in the editor changed: see `futharkFileChanged`. */
  private sourceChanged(document: vscode.TextDocument): void {
    if (document.languageId === 'futhark') {
      this.futharkFileChanged(document.uri);
    }
  }

  /**
   * Asks again, once its changes pause, for the IR of each open view that
   * a change to the Futhark file `uri` may make out of date: its own
   * views, or for a file without views all of them (their programs may
   * import it).
   */
  private futharkFileChanged(uri: vscode.Uri): void {
    for (const source of this.views.affectedBy(uri.toString())) {
      this.refreshes.call(source, () => {
        for (const view of this.views.views(source)) {
          this.refresh(vscode.Uri.parse(view));
        }
      });
    }
  }

  private refresh(uri: vscode.Uri): void {
    const target = parseIrQuery(uri.query);
    if (target !== undefined) {
      void this.fetch(uri, target);
    }
  }

  /**
   * Follows the IR documents into and out of editor tabs: a view whose
   * last tab closes is no longer refreshed (and a late answer to it is
   * dropped); one shown again, by a tab reopened, is refreshed now.
   */
  private tabsChanged(event: vscode.TabChangeEvent): void {
    for (const tab of event.closed) {
      const uri = irUriOf(tab);
      if (uri !== undefined && !isInATab(uri)) {
        this.stopRefreshing(uri);
      }
    }
    for (const tab of event.opened) {
      const uri = irUriOf(tab);
      const target = uri && parseIrQuery(uri.query);
      if (uri === undefined || target === undefined || this.views.isTracked(uri.toString())) {
        continue;
      }
      this.views.track(uri.toString(), sourceKey(target.source));
      if (this.texts.has(uri.toString())) {
        this.refresh(uri);
      }
    }
  }

  private stopRefreshing(uri: vscode.Uri): void {
    const key = uri.toString();
    const source = this.views.untrack(key);
    this.order.forget(key);
    if (source !== undefined && !this.views.hasViews(source)) {
      this.refreshes.cancel(source);
    }
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

/** The URI of the IR document a tab shows, if it shows one. */
function irUriOf(tab: vscode.Tab): vscode.Uri | undefined {
  const input = tab.input;
  return input instanceof vscode.TabInputText && input.uri.scheme === IR_SCHEME ? input.uri : undefined;
}

function isInATab(uri: vscode.Uri): boolean {
  const key = uri.toString();
  return vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => irUriOf(tab)?.toString() === key));
}

/** A source document's URI as VS Code writes it, whoever wrote `source`. */
function sourceKey(source: string): string {
  return vscode.Uri.parse(source).toString();
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
