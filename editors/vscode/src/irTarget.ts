// What the core IR view shows: the stages the language server prints the IR
// at (its `futhark/ir` request), and the virtual document that names a
// source file, a stage and optionally an entry point.
//
// Pure functions: no `vscode` import, so the unit tests run under plain node.

/** The scheme of the IR's read-only virtual documents. */
export const IR_SCHEME = 'futhark-ir';

/** A stage of the compiler that `futhark/ir` prints the program at. */
export interface IrStage {
  /** The name the server knows it by. */
  readonly name: string;
  readonly description: string;
}

/** The stages, in the order offered; the first is the default. */
export const IR_STAGES: readonly IrStage[] = [
  { name: 'soacs', description: 'after inlining, simplification and fusion: what every back end gets' },
  { name: 'lower', description: 'as lowered to the core IR, before any optimisation' },
  { name: 'seq', description: 'sequential: the parallel operations turned into loops' },
  { name: 'mc', description: 'multicore: parallelism extracted into segmented operations' },
  { name: 'seq-mem', description: 'sequential, with explicit memory allocations' },
  { name: 'mc-mem', description: 'multicore, with explicit memory allocations' },
  { name: 'gpu', description: "the OpenCL back end's: parallelism extracted for the device, before memory" },
  { name: 'device-mem', description: "the OpenCL back end's: kernels, with arrays in device memory" },
];

export function isIrStage(name: string): boolean {
  return IR_STAGES.some((stage) => stage.name === name);
}

/** The IR to show: of the document `source` (a URI), at `stage`, of `entry` only if given. */
export interface IrTarget {
  readonly source: string;
  readonly stage: string;
  readonly entry?: string;
}

/** The parts of the virtual document's URI other than its scheme. */
export interface IrUriParts {
  /**
   * The source's path with the entry point and stage after its name, so
   * that the editor's tab reads e.g. `main.fut (main, soacs)`.
   */
  readonly path: string;
  /** The target itself, exactly. */
  readonly query: string;
}

export function irUriParts(target: IrTarget): IrUriParts {
  const sourcePath = pathOf(target.source);
  const what = target.entry === undefined ? target.stage : `${target.entry}, ${target.stage}`;
  const path = `${sourcePath.startsWith('/') ? '' : '/'}${sourcePath} (${what})`;
  const query = new URLSearchParams({ source: target.source, stage: target.stage });
  if (target.entry !== undefined) {
    query.set('entry', target.entry);
  }
  return { path, query: query.toString() };
}

/** The target of a virtual document's query, or undefined if it names none. */
export function parseIrQuery(query: string): IrTarget | undefined {
  const params = new URLSearchParams(query);
  const source = params.get('source');
  const stage = params.get('stage');
  if (source === null || source === '' || stage === null || !isIrStage(stage)) {
    return undefined;
  }
  const entry = params.get('entry');
  return entry === null ? { source, stage } : { source, stage, entry };
}

/** The decoded path of a URI (`untitled:Untitled-1` has `Untitled-1`); the URI itself if it is not one. */
function pathOf(uri: string): string {
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri;
  }
}
