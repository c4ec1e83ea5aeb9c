// The bookkeeping that keeps open core IR views in step with their source
// documents: which views show which source, one debounced refresh per
// source after its last change, answers taken only when newer than what a
// view shows, and the text of a view whose program no longer compiles.
//
// Pure: no `vscode` import, so the unit tests run under plain node.

/** How long after a source's last change its views are asked for again. */
export const REFRESH_DELAY_MS = 300;

/** The open views (virtual documents' URIs) of each source document (URI). */
export class IrViews {
  private readonly sourceOf = new Map<string, string>();
  private readonly viewsOf = new Map<string, Set<string>>();

  /** Records that `view` shows the IR of `source`; tracking it again changes nothing. */
  track(view: string, source: string): void {
    if (this.sourceOf.get(view) === source) {
      return;
    }
    this.untrack(view);
    this.sourceOf.set(view, source);
    const views = this.viewsOf.get(source) ?? new Set<string>();
    views.add(view);
    this.viewsOf.set(source, views);
  }

  /** Forgets `view`; gives its source's URI if it was tracked. */
  untrack(view: string): string | undefined {
    const source = this.sourceOf.get(view);
    if (source === undefined) {
      return undefined;
    }
    this.sourceOf.delete(view);
    const views = this.viewsOf.get(source);
    views?.delete(view);
    if (views?.size === 0) {
      this.viewsOf.delete(source);
    }
    return source;
  }

  isTracked(view: string): boolean {
    return this.sourceOf.has(view);
  }

  /** The views of `source`, in the order they were tracked. */
  views(source: string): string[] {
    return [...(this.viewsOf.get(source) ?? [])];
  }

  hasViews(source: string): boolean {
    return this.viewsOf.has(source);
  }

  /**
   * The sources whose views a change to the Futhark file `changed` may
   * make out of date: itself if it has views; otherwise every source with
   * views, since their programs may import it.
   */
  affectedBy(changed: string): string[] {
    return this.viewsOf.has(changed) ? [changed] : [...this.viewsOf.keys()];
  }
}

/** The timer functions the debouncer uses: the global ones, or a test's. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const GLOBAL_TIMERS: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Runs the action of a key once no call for that key has come for the delay. */
export class Debouncer {
  private readonly pending = new Map<string, unknown>();

  constructor(
    private readonly delayMs: number,
    private readonly timers: Timers = GLOBAL_TIMERS,
  ) {}

  /** Runs `action` after the delay, unless `key` is called again or cancelled before. */
  call(key: string, action: () => void): void {
    this.cancel(key);
    const handle = this.timers.setTimeout(() => {
      this.pending.delete(key);
      action();
    }, this.delayMs);
    this.pending.set(key, handle);
  }

  cancel(key: string): void {
    const handle = this.pending.get(key);
    if (handle !== undefined) {
      this.timers.clearTimeout(handle);
      this.pending.delete(key);
    }
  }

  isPending(key: string): boolean {
    return this.pending.has(key);
  }

  dispose(): void {
    for (const handle of this.pending.values()) {
      this.timers.clearTimeout(handle);
    }
    this.pending.clear();
  }
}

/**
 * Numbers requests in the order they are sent, and lets an answer to a
 * view's request through only when it is to a later request than the
 * answer the view shows, so that a slow answer to an old request never
 * replaces the text of a newer one.
 */
export class RequestOrder {
  private last = 0;
  /** The first request of each view since it was last forgotten. */
  private readonly first = new Map<string, number>();
  private readonly shown = new Map<string, number>();

  /** The number of a new request for `view`. */
  next(view: string): number {
    this.last += 1;
    if (!this.first.has(view)) {
      this.first.set(view, this.last);
    }
    return this.last;
  }

  /** Whether the answer to request `ticket` of `view` is to be shown; if so, it is from now on. */
  accept(view: string, ticket: number): boolean {
    const first = this.first.get(view);
    if (first === undefined || ticket < first || ticket > this.last || ticket <= (this.shown.get(view) ?? 0)) {
      return false;
    }
    this.shown.set(view, ticket);
    return true;
  }

  /** Forgets `view`: answers to the requests sent for it before are not accepted. */
  forget(view: string): void {
    this.first.delete(view);
    this.shown.delete(view);
  }
}

/** The first line of `STALE_PREFIX` marks a view whose program does not compile now. */
export const STALE_PREFIX = '-- out of date: ';

/**
 * The text of a view: the last IR the server gave, and, when the latest
 * request failed, a comment line before it with the reason (its first
 * line, blanks collapsed).
 */
export function irDocumentText(ir: string, staleReason?: string): string {
  if (staleReason === undefined) {
    return ir;
  }
  const reason = (staleReason.split(/\r?\n/).find((line) => line.trim() !== '') ?? '').replace(/\s+/g, ' ').trim();
  return `${STALE_PREFIX}${reason === '' ? 'the program cannot be compiled' : reason}\n${ir}`;
}
