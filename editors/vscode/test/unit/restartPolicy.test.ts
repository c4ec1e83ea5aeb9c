import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isConnectionFailure, RestartPolicy } from '../../src/restartPolicy';

describe('RestartPolicy', () => {
  it('restarts up to the limit within the window, then gives up', () => {
    let t = 0;
    const policy = new RestartPolicy(3, 1000, () => t);
    const decisions = [0, 100, 200, 300].map((at) => {
      t = at;
      return policy.onCrash();
    });
    assert.deepEqual(
      decisions.map((d) => d.restart),
      [true, true, true, false],
    );
    assert.deepEqual(
      decisions.map((d) => d.crashes),
      [1, 2, 3, 4],
    );
  });

  it('forgets crashes older than the window', () => {
    let t = 0;
    const policy = new RestartPolicy(2, 1000, () => t);
    policy.onCrash();
    t = 500;
    policy.onCrash();
    t = 1200; // the crash at 0 has left the window
    assert.deepEqual(policy.onCrash(), { restart: true, crashes: 2 });
    t = 1300;
    assert.deepEqual(policy.onCrash(), { restart: false, crashes: 3 });
  });

  it('starts afresh after reset', () => {
    let t = 0;
    const policy = new RestartPolicy(1, 60_000, () => t);
    assert.equal(policy.onCrash().restart, true);
    t = 1;
    assert.equal(policy.onCrash().restart, false);
    policy.reset();
    assert.deepEqual(policy.onCrash(), { restart: true, crashes: 1 });
  });

  it('defaults to four restarts in three minutes', () => {
    const policy = new RestartPolicy();
    assert.equal(policy.maxRestarts, 4);
    assert.equal(policy.windowMs, 180_000);
  });
});

describe('isConnectionFailure', () => {
  it('recognises the errors of a broken connection', () => {
    for (const code of [-32099, -32098, -32097, -32096]) {
      assert.equal(isConnectionFailure({ code, message: 'x' }), true, String(code));
    }
    assert.equal(isConnectionFailure(new Error('write EPIPE')), true);
    assert.equal(isConnectionFailure(undefined), true);
  });

  it('does not mistake an error answered by the server for one', () => {
    for (const code of [-32603, -32602, -32002, 1]) {
      assert.equal(isConnectionFailure({ code, message: 'x' }), false, String(code));
    }
  });
});
