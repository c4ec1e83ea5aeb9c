import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IR_SCHEME, IR_STAGES, irUriParts, isIrStage, parseIrQuery } from '../../src/irTarget';

describe('IR_STAGES', () => {
  it("are the server's stages, soacs first, each described", () => {
    assert.deepEqual(
      IR_STAGES.map((s) => s.name),
      ['soacs', 'lower', 'seq', 'mc', 'seq-mem', 'mc-mem', 'gpu', 'device-mem'],
    );
    for (const stage of IR_STAGES) {
      assert.ok(stage.description.length > 10, stage.name);
    }
    assert.equal(new Set(IR_STAGES.map((s) => s.description)).size, IR_STAGES.length);
  });

  it('are recognised by name, and nothing else is', () => {
    assert.ok(isIrStage('soacs'));
    assert.ok(isIrStage('device-mem'));
    assert.ok(!isIrStage('cuda'));
    assert.ok(!isIrStage(''));
    assert.ok(!isIrStage('SOACS'));
  });

  it('have a scheme of their own', () => {
    assert.equal(IR_SCHEME, 'futhark-ir');
  });
});

describe('irUriParts', () => {
  it("names the file, the entry point and the stage in the path's last segment", () => {
    const parts = irUriParts({ source: 'file:///work/project/main.fut', stage: 'soacs', entry: 'main' });
    assert.equal(parts.path, '/work/project/main.fut (main, soacs)');
  });

  it('names only the stage when the IR is of every entry point', () => {
    const parts = irUriParts({ source: 'file:///work/project/main.fut', stage: 'device-mem' });
    assert.equal(parts.path, '/work/project/main.fut (device-mem)');
  });

  it("decodes the source's path", () => {
    const parts = irUriParts({ source: 'file:///c%3A/my%20code/a%23b.fut', stage: 'mc' });
    assert.equal(parts.path, '/c:/my code/a#b.fut (mc)');
  });

  it('starts the path with a slash whatever the source', () => {
    assert.equal(irUriParts({ source: 'untitled:Untitled-1', stage: 'seq' }).path, '/Untitled-1 (seq)');
    assert.equal(irUriParts({ source: 'not a uri', stage: 'seq' }).path, '/not a uri (seq)');
  });
});

describe('parseIrQuery', () => {
  it("gives back the target of irUriParts's query exactly", () => {
    for (const target of [
      { source: 'file:///work/project/main.fut', stage: 'soacs', entry: 'main' },
      { source: 'file:///work/project/main.fut', stage: 'lower' },
      { source: 'file:///c%3A/my%20code/a%23b%26c%3Dd+e.fut', stage: 'seq-mem', entry: "f'" },
      { source: 'file:///p/x.fut?q=1&r=2', stage: 'mc-mem', entry: 'e' },
    ]) {
      assert.deepEqual(parseIrQuery(irUriParts(target).query), target);
    }
  });

  it('refuses a query without a source or a known stage', () => {
    assert.equal(parseIrQuery(''), undefined);
    assert.equal(parseIrQuery('stage=soacs'), undefined);
    assert.equal(parseIrQuery('source=&stage=soacs'), undefined);
    assert.equal(parseIrQuery('source=file%3A%2F%2F%2Fa.fut'), undefined);
    assert.equal(parseIrQuery('source=file%3A%2F%2F%2Fa.fut&stage=cuda'), undefined);
  });

  it('takes an empty entry point as given (the server says there is none)', () => {
    assert.deepEqual(parseIrQuery('source=file%3A%2F%2F%2Fa.fut&stage=seq&entry='), {
      source: 'file:///a.fut',
      stage: 'seq',
      entry: '',
    });
  });
});
