import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  Debouncer,
  IrViews,
  irDocumentText,
  REFRESH_DELAY_MS,
  RequestOrder,
  STALE_PREFIX,
  type Timers,
} from '../../src/irLive';

/** Timers run by hand: `advance` moves the clock and runs what falls due, in order. */
class FakeTimers implements Timers {
  now = 0;
  private nextId = 1;
  private readonly due = new Map<number, { at: number; callback: () => void }>();

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.due.set(id, { at: this.now + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.due.delete(handle as number);
  }

  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const next = [...this.due.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (next === undefined) {
        break;
      }
      this.due.delete(next[0]);
      this.now = next[1].at;
      next[1].callback();
    }
    this.now = until;
  }

  get pending(): number {
    return this.due.size;
  }
}

describe('IrViews', () => {
  const a = 'file:///p/a.fut';
  const b = 'file:///p/b.fut';

  it('lists the views of each source, in the order tracked', () => {
    const views = new IrViews();
    views.track('ir:a-soacs', a);
    views.track('ir:b-seq', b);
    views.track('ir:a-seq', a);
    assert.deepEqual(views.views(a), ['ir:a-soacs', 'ir:a-seq']);
    assert.deepEqual(views.views(b), ['ir:b-seq']);
    assert.deepEqual(views.views('file:///p/c.fut'), []);
    assert.ok(views.hasViews(a));
    assert.ok(!views.hasViews('file:///p/c.fut'));
    assert.ok(views.isTracked('ir:a-seq'));
  });

  it('names the sources a change may affect: its own, or all for a file without views', () => {
    const views = new IrViews();
    views.track('ir:a', a);
    views.track('ir:b', b);
    assert.deepEqual(views.affectedBy(a), [a]);
    assert.deepEqual(views.affectedBy('file:///p/lib.fut'), [a, b]);
    assert.deepEqual(new IrViews().affectedBy(a), []);
  });

  it('tracks a view once, however often it is tracked', () => {
    const views = new IrViews();
    views.track('ir:a', a);
    views.track('ir:a', a);
    assert.deepEqual(views.views(a), ['ir:a']);
  });

  it('moves a view tracked with another source', () => {
    const views = new IrViews();
    views.track('ir:x', a);
    views.track('ir:x', b);
    assert.deepEqual(views.views(a), []);
    assert.ok(!views.hasViews(a));
    assert.deepEqual(views.views(b), ['ir:x']);
  });

  it('untracks a view, giving its source, and forgets a source without views', () => {
    const views = new IrViews();
    views.track('ir:1', a);
    views.track('ir:2', a);
    assert.equal(views.untrack('ir:1'), a);
    assert.ok(views.hasViews(a));
    assert.equal(views.untrack('ir:2'), a);
    assert.ok(!views.hasViews(a));
    assert.ok(!views.isTracked('ir:2'));
    assert.equal(views.untrack('ir:2'), undefined);
    assert.equal(views.untrack('ir:never'), undefined);
  });
});

describe('Debouncer', () => {
  it('runs the action once the delay has passed since the last call', () => {
    const timers = new FakeTimers();
    const debouncer = new Debouncer(300, timers);
    const runs: string[] = [];
    debouncer.call('a', () => runs.push('first'));
    timers.advance(200);
    debouncer.call('a', () => runs.push('second'));
    timers.advance(200);
    assert.deepEqual(runs, []);
    assert.ok(debouncer.isPending('a'));
    timers.advance(100);
    assert.deepEqual(runs, ['second']);
    assert.ok(!debouncer.isPending('a'));
    timers.advance(1000);
    assert.deepEqual(runs, ['second']);
  });

  it('keeps the keys apart', () => {
    const timers = new FakeTimers();
    const debouncer = new Debouncer(300, timers);
    const runs: string[] = [];
    debouncer.call('a', () => runs.push('a'));
    timers.advance(100);
    debouncer.call('b', () => runs.push('b'));
    timers.advance(100);
    debouncer.call('b', () => runs.push('b again'));
    timers.advance(100);
    assert.deepEqual(runs, ['a']);
    timers.advance(300);
    assert.deepEqual(runs, ['a', 'b again']);
  });

  it('runs nothing cancelled or disposed of', () => {
    const timers = new FakeTimers();
    const debouncer = new Debouncer(300, timers);
    const runs: string[] = [];
    debouncer.call('a', () => runs.push('a'));
    debouncer.call('b', () => runs.push('b'));
    debouncer.call('c', () => runs.push('c'));
    debouncer.cancel('a');
    debouncer.cancel('never called');
    assert.ok(!debouncer.isPending('a'));
    assert.equal(timers.pending, 2);
    debouncer.dispose();
    assert.equal(timers.pending, 0);
    timers.advance(1000);
    assert.deepEqual(runs, []);
  });

  it('works with the global timers', async () => {
    const debouncer = new Debouncer(5);
    const ran = new Promise<string>((resolve) => debouncer.call('a', () => resolve('ran')));
    assert.equal(await ran, 'ran');
  });

  it('waits a short while by default', () => {
    assert.ok(REFRESH_DELAY_MS >= 100 && REFRESH_DELAY_MS <= 1000, String(REFRESH_DELAY_MS));
  });
});

describe('RequestOrder', () => {
  it('accepts answers in the order sent', () => {
    const order = new RequestOrder();
    const first = order.next('v');
    const second = order.next('v');
    assert.ok(order.accept('v', first));
    assert.ok(order.accept('v', second));
  });

  it('drops an answer that comes after the answer to a later request', () => {
    const order = new RequestOrder();
    const first = order.next('v');
    const second = order.next('v');
    const third = order.next('v');
    assert.ok(order.accept('v', second));
    assert.ok(!order.accept('v', first));
    assert.ok(order.accept('v', third));
    assert.ok(!order.accept('v', second));
  });

  it('accepts each answer once', () => {
    const order = new RequestOrder();
    const only = order.next('v');
    assert.ok(order.accept('v', only));
    assert.ok(!order.accept('v', only));
  });

  it('keeps the views apart', () => {
    const order = new RequestOrder();
    const v1 = order.next('v');
    const w1 = order.next('w');
    const v2 = order.next('v');
    assert.ok(order.accept('v', v2));
    assert.ok(order.accept('w', w1));
    assert.ok(!order.accept('v', v1));
  });

  it('drops the answers to requests sent before a view was forgotten', () => {
    const order = new RequestOrder();
    const before = order.next('v');
    order.forget('v');
    assert.ok(!order.accept('v', before));
    const older = order.next('v');
    order.forget('v');
    const after = order.next('v');
    assert.ok(!order.accept('v', older));
    assert.ok(order.accept('v', after));
  });

  it('refuses numbers it never gave', () => {
    const order = new RequestOrder();
    assert.ok(!order.accept('v', 1));
    const one = order.next('v');
    assert.ok(!order.accept('v', one + 1));
    assert.ok(!order.accept('v', 0));
    assert.ok(order.accept('v', one));
  });
});

describe('irDocumentText', () => {
  const ir = 'level soacs\n\nentry main ...\n';

  it('is the IR itself while it is up to date', () => {
    assert.equal(irDocumentText(ir), ir);
  });

  it('puts the reason in a comment line before the last IR', () => {
    assert.equal(irDocumentText(ir, 'the program has 1 error'), `-- out of date: the program has 1 error\n${ir}`);
    assert.ok(irDocumentText(ir, 'x').startsWith(STALE_PREFIX));
  });

  it('keeps the reason on one line', () => {
    assert.equal(
      irDocumentText(ir, '\n  the program has\t2 errors  \nsecond line\n'),
      `-- out of date: the program has 2 errors\n${ir}`,
    );
    assert.equal(irDocumentText(ir, 'a\r\nb'), `-- out of date: a\n${ir}`);
  });

  it('says why even without a reason', () => {
    assert.equal(irDocumentText(ir, ''), `-- out of date: the program cannot be compiled\n${ir}`);
    assert.equal(irDocumentText(ir, ' \n '), `-- out of date: the program cannot be compiled\n${ir}`);
  });
});
