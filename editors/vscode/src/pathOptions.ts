// The inputs for locating an executable, read from this window: one place
// for the language server and the compiler.

import * as os from 'node:os';
import * as vscode from 'vscode';
import { nodeFileChecks, type ServerPathOptions } from './serverPath';

/** Resolution options for the executable named by the setting `futhark.<setting>`. */
export function pathOptions(
  context: vscode.ExtensionContext,
  setting: 'server.path' | 'compiler.path',
): ServerPathOptions {
  return {
    configured: vscode.workspace.getConfiguration('futhark').get<string>(setting, ''),
    extensionPath: context.extensionPath,
    workspaceFolder: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
    env: process.env,
    platform: process.platform,
    homeDir: os.homedir(),
    ...nodeFileChecks,
  };
}
