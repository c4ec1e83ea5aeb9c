// How often a crashed server is restarted automatically. Pure (no `vscode`
// import) so that it can be unit tested; the extension's language-client
// error handler consults it.

export interface RestartDecision {
  /** Whether to start the server again. */
  restart: boolean;
  /** Crashes within the window, this one included. */
  crashes: number;
}

/**
 * Allows at most `maxRestarts` automatic restarts within any `windowMs`
 * period: the crash after that many is answered with "do not restart".
 */
export class RestartPolicy {
  private crashTimes: number[] = [];

  constructor(
    readonly maxRestarts: number = 4,
    readonly windowMs: number = 3 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a crash and decides whether to restart. */
  onCrash(): RestartDecision {
    const t = this.now();
    this.crashTimes = this.crashTimes.filter((c) => t - c < this.windowMs);
    this.crashTimes.push(t);
    return { restart: this.crashTimes.length <= this.maxRestarts, crashes: this.crashTimes.length };
  }

  /** Forgets earlier crashes (after a manual restart). */
  reset(): void {
    this.crashTimes = [];
  }
}

/**
 * JSON-RPC error codes that vscode-jsonrpc itself produces when the
 * connection breaks (write or read failed, pending response dropped,
 * connection inactive), as opposed to errors the server sends back.
 */
const CONNECTION_FAILURE_CODES = new Set([-32099, -32098, -32097, -32096]);

/**
 * Whether a failed request (initialisation, typically) means the server went
 * away, rather than that it answered with an error. Anything without a
 * numeric `code` (a plain `Error`) counts as the connection failing.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) {
    return true;
  }
  const code = (error as { code?: unknown }).code;
  return typeof code !== 'number' || CONNECTION_FAILURE_CODES.has(code);
}
