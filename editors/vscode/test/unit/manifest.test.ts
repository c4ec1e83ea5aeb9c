// Consistency of the extension's declarative parts: package.json, the
// language configuration, the grammar and the snippets.

import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const root = path.resolve(__dirname, '..', '..', '..');
const readJson = (rel: string): any => JSON.parse(fs.readFileSync(path.join(root, rel), 'utf8'));

const pkg = readJson('package.json');
const langConfig = readJson('language-configuration.json');

describe('package.json', () => {
  it('identifies the extension', () => {
    assert.equal(pkg.name, 'futhark-rs');
    assert.equal(pkg.publisher, 'futhark-rs');
    assert.equal(pkg.engines.vscode, '^1.90.0');
    assert.equal(pkg.license, 'MIT');
    assert.ok(fs.existsSync(path.join(root, pkg.icon)), 'icon exists');
    for (const file of ['README.md', 'CHANGELOG.md', 'LICENSE']) {
      assert.ok(fs.existsSync(path.join(root, file)), `${file} exists`);
    }
  });

  it('activates on the language and points at the compiled client', () => {
    assert.deepEqual(pkg.activationEvents, ['onLanguage:futhark']);
    assert.equal(pkg.main, './out/src/extension.js');
    assert.ok(fs.existsSync(path.join(root, pkg.main)), 'compiled client exists (run tsc first)');
  });

  it('contributes the futhark language for .fut files', () => {
    const [lang] = pkg.contributes.languages;
    assert.equal(lang.id, 'futhark');
    assert.deepEqual(lang.extensions, ['.fut']);
    assert.ok(fs.existsSync(path.join(root, lang.configuration)));
  });

  it('contributes a grammar whose scope name matches the file', () => {
    const [g] = pkg.contributes.grammars;
    assert.equal(g.language, 'futhark');
    assert.equal(g.scopeName, 'source.futhark');
    assert.equal(readJson(g.path).scopeName, 'source.futhark');
  });

  it('declares the settings with their defaults', () => {
    const props = pkg.contributes.configuration.properties;
    assert.equal(props['futhark.server.path'].type, 'string');
    assert.equal(props['futhark.server.path'].default, '');
    assert.equal(props['futhark.compiler.path'].type, 'string');
    assert.equal(props['futhark.compiler.path'].default, '');
    assert.equal(props['futhark.server.extraEnv'].type, 'object');
    assert.deepEqual(props['futhark.server.extraEnv'].default, {});
    assert.deepEqual(props['futhark.trace.server'].enum, ['off', 'messages', 'verbose']);
    assert.equal(props['futhark.trace.server'].default, 'off');
  });

  it('sets editor defaults for Futhark: two-space indentation, primes inside words', () => {
    const defaults = pkg.contributes.configurationDefaults['[futhark]'];
    assert.equal(defaults['editor.tabSize'], 2);
    assert.equal(defaults['editor.insertSpaces'], true);
    assert.ok(!defaults['editor.wordSeparators'].includes("'"));
    assert.ok(defaults['editor.wordSeparators'].includes('.'));
  });

  it('declares exactly the commands the client registers', () => {
    const declared = new Map<string, string>(
      pkg.contributes.commands.map((c: any) => [c.command, `${c.category}: ${c.title}`]),
    );
    assert.equal(declared.get('futhark.restartServer'), 'Futhark: Restart server');
    assert.equal(declared.get('futhark.showServerLog'), 'Futhark: Show server log');
    assert.equal(declared.get('futhark.previewLiterate'), 'Futhark: Preview literate Markdown');
    assert.equal(declared.get('futhark.generateDoc'), 'Futhark: Generate documentation');
    assert.equal(declared.get('futhark.showIr'), 'Futhark: Show core IR');
    const source = fs.readFileSync(path.join(root, 'src', 'extension.ts'), 'utf8');
    const registered = [...source.matchAll(/registerCommand\('([^']+)'/g)].map((m) => m[1]);
    assert.deepEqual([...registered].sort(), [...declared.keys()].sort());
  });

  it('offers the literate preview only for Futhark files on disk', () => {
    for (const menu of ['commandPalette', 'editor/title']) {
      const entry = pkg.contributes.menus[menu].find((m: any) => m.command === 'futhark.previewLiterate');
      assert.equal(entry?.when, 'editorLangId == futhark && resourceScheme == file', menu);
    }
  });

  it('offers the core IR view in the Command Palette only for Futhark files on disk', () => {
    const entry = pkg.contributes.menus.commandPalette.find((m: any) => m.command === 'futhark.showIr');
    assert.equal(entry?.when, 'editorLangId == futhark && resourceScheme == file');
  });

  it('packages with vsce and tests with npm test', () => {
    assert.match(pkg.scripts.package, /^vsce package/);
    assert.match(pkg.scripts.test, /tsc|compile/);
    assert.ok(pkg.devDependencies['@vscode/vsce'].startsWith('^3.'));
    assert.ok(pkg.dependencies['vscode-languageclient'].startsWith('^9.'));
  });
});

describe('grammar', () => {
  const grammar = readJson('syntaxes/futhark.tmLanguage.json');

  it('refers only to repository entries that exist', () => {
    const includes: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) {
        node.forEach(walk);
      } else if (node !== null && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === 'include' && typeof v === 'string') {
            includes.push(v);
          } else {
            walk(v);
          }
        }
      }
    };
    walk(grammar);
    assert.ok(includes.length > 10);
    for (const inc of includes) {
      if (inc === '$self' || inc === '$base') {
        continue;
      }
      assert.ok(inc.startsWith('#'), inc);
      assert.ok(inc.slice(1) in grammar.repository, `missing repository entry ${inc}`);
    }
  });

  it('ends every scope name with .futhark', () => {
    const names: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) {
        node.forEach(walk);
      } else if (node !== null && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if ((k === 'name' || k === 'contentName') && typeof v === 'string') {
            names.push(v);
          } else {
            walk(v);
          }
        }
      }
    };
    walk(grammar.repository);
    walk(grammar.patterns);
    assert.ok(names.length > 30);
    for (const n of names) {
      for (const scope of n.split(/\s+/)) {
        assert.match(scope, /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*\.futhark$/, scope);
      }
    }
  });
});

describe('language configuration', () => {
  const increase = new RegExp(langConfig.indentationRules.increaseIndentPattern);
  const decrease = new RegExp(langConfig.indentationRules.decreaseIndentPattern);

  it('uses -- for line comments and pairs the three brackets', () => {
    assert.equal(langConfig.comments.lineComment, '--');
    assert.deepEqual(langConfig.brackets, [
      ['(', ')'],
      ['[', ']'],
      ['{', '}'],
    ]);
    const opens = langConfig.autoClosingPairs.map((p: any) => p.open);
    for (const open of ['(', '[', '{', '"']) {
      assert.ok(opens.includes(open), open);
    }
    const surrounding = langConfig.surroundingPairs.map((p: string[]) => p[0]);
    assert.ok(surrounding.includes("'"));
  });

  it('indents after =, ->, then, else, do, a lone in, and open brackets', () => {
    for (const line of [
      'def main (xs: []i32) : i32 =',
      '  let y =',
      '  case #some x ->',
      '  if x > 0 then',
      '  else',
      '  loop acc = 0 for i < n do',
      '  in',
      '  let xs = map (\\x ->',
      '  let r = {',
      '  let f = g (',
      'def x = -- the answer follows',
    ]) {
      assert.ok(increase.test(line), `should indent after: ${line}`);
    }
  });

  it('does not indent after comparisons, complete lines or comments', () => {
    for (const line of [
      '  let y = x == 1',
      '  if a >= b',
      '  let y = x <= z',
      '  let y = 1 in',
      '  in y + 1',
      '  x |> f',
      '-- a comment that ends in =',
      '  -- so does this one ->',
      '  let done = 1',
      '  let thenx = elsewise',
      "  let y' = x'",
    ]) {
      assert.ok(!increase.test(line), `should not indent after: ${line}`);
    }
  });

  it('outdents closing brackets', () => {
    assert.ok(decrease.test('  }'));
    assert.ok(decrease.test('  ) xs'));
    assert.ok(!decrease.test('  x)'));
  });

  it('takes whole Futhark names and numbers as words', () => {
    const word = new RegExp(langConfig.wordPattern, 'g');
    const words = (s: string) => s.match(word);
    assert.deepEqual(words("x' + foo_bar'' - _y"), ["x'", "foo_bar''", '_y']);
    assert.deepEqual(words('0x1.fp3 2.5e-3f32 1_000i64'), ['0x1.fp3', '2.5e-3f32', '1_000i64']);
    assert.deepEqual(words('M.x'), ['M', 'x']);
  });

  it('continues a documentation comment on Enter', () => {
    const [rule] = langConfig.onEnterRules;
    assert.ok(new RegExp(rule.beforeText).test('  -- | Sums an array.'));
    assert.ok(!new RegExp(rule.beforeText).test('  -- plain comment'));
    assert.equal(rule.action.appendText, '-- ');
  });
});

describe('snippets', () => {
  const snippets = readJson(pkg.contributes.snippets[0].path);

  it('are well formed', () => {
    for (const [name, s] of Object.entries<any>(snippets)) {
      assert.ok(s.prefix && s.body && s.description, name);
      const body = Array.isArray(s.body) ? s.body.join('\n') : s.body;
      assert.ok(!body.includes('\t'), `${name}: indent with spaces`);
    }
  });

  it('cover the main constructs', () => {
    const prefixes = new Set(Object.values<any>(snippets).flatMap((s) => [s.prefix].flat()));
    for (const p of ['def', 'entry', 'let', 'loopfor', 'loopwhile', 'match', 'module', 'moduletype', 'if']) {
      assert.ok(prefixes.has(p), p);
    }
  });
});
