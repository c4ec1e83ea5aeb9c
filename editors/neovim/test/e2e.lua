-- Neovim end to end: drives futls through Neovim's own LSP client, headless
-- (`nvim --headless -u NONE -i NONE -n -c 'luafile editors/neovim/test/e2e.lua'`),
-- in the workspace $WORKSPACE (main.fut and lib.fut, written by the test),
-- with the server $FUTLS and the plugin in $PLUGIN. Each check writes a line
-- to $RESULT; the first that fails ends Neovim with exit code 1.
local workspace = os.getenv('WORKSPACE')
local result_file = io.open(os.getenv('RESULT'), 'w')

local function report(line)
  result_file:write(line .. '\n')
  result_file:flush()
end

local function finish(code)
  result_file:close()
  vim.cmd((code == 0) and 'qall!' or ('cquit ' .. code))
end

-- Waits up to `seconds` for `condition` to give a value; fails the test
-- with `what` otherwise.
local function expect(what, seconds, condition)
  local value
  local ok = vim.wait(seconds * 1000, function()
    value = condition()
    return value ~= nil and value ~= false
  end, 20)
  if not ok then
    error(what, 0)
  end
  report('ok: ' .. what)
  return value
end

local function request(buf, method, params)
  local responses = vim.lsp.buf_request_sync(buf, method, params, 10000) or {}
  for _, response in pairs(responses) do
    if response.result ~= nil then
      return response.result
    end
  end
  return nil
end

local function position_of(buf, text)
  for line, content in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local column = content:find(text, 1, true)
    if column then
      return { line = line - 1, character = column - 1 }
    end
  end
  error('no `' .. text .. '` in the buffer', 0)
end

local function at(buf, text)
  return { textDocument = vim.lsp.util.make_text_document_params(buf), position = position_of(buf, text) }
end

local function diagnostics(buf, severity)
  return vim.diagnostic.get(buf, { severity = severity })
end

local function run()
  vim.opt.runtimepath:prepend(os.getenv('PLUGIN'))
  vim.cmd('filetype on')
  vim.cmd('runtime! ftdetect/futhark.vim')
  require('futhark').setup({ cmd = { os.getenv('FUTLS') } })

  vim.cmd('edit ' .. workspace .. '/main.fut')
  local main = vim.api.nvim_get_current_buf()
  expect('the buffer is a futhark buffer', 1, function() return vim.bo[main].filetype == 'futhark' end)
  expect('futls attaches', 10, function() return next(vim.lsp.buf_get_clients(main)) ~= nil end)

  -- The consumption error, and where the array was consumed as a hint.
  local errors = expect('the consumption error is reported', 10, function()
    local found = diagnostics(main, vim.diagnostic.severity.ERROR)
    return #found > 0 and found
  end)
  assert(errors[1].message:find('consumed', 1, true), errors[1].message)
  local hint = expect('where it was consumed is a hint', 5, function()
    for _, d in ipairs(diagnostics(main, vim.diagnostic.severity.HINT)) do
      if d.message:find('consumed here', 1, true) then
        return d
      end
    end
  end)
  assert(hint.lnum == position_of(main, 'xs with').line, 'the hint is on the line of the update')

  -- Hover: the type of a name.
  local hover = request(main, 'textDocument/hover', at(main, 'double'))
  local shown = vim.inspect(hover and hover.contents)
  assert(shown:find('i32', 1, true), 'hover shows the type: ' .. shown)
  report('ok: hover shows the type')

  -- Definition, into the prelude's read-only files.
  local definition = request(main, 'textDocument/definition', at(main, 'map'))
  local target = definition and (definition.uri or (definition[1] and definition[1].uri))
  assert(target and target:find('/soacs.fut$'), 'definition of map: ' .. vim.inspect(definition))
  report('ok: definition of map is in the prelude')
  local prelude = vim.uri_to_bufnr(target)
  vim.fn.bufload(prelude)
  vim.bo[prelude].filetype = 'futhark'
  -- Editing the prelude's buffer changes nothing for other files.
  local lines = vim.api.nvim_buf_get_lines(prelude, 0, -1, false)
  for i, line in ipairs(lines) do
    lines[i] = line:gsub('^def map ', 'def mapp ')
  end
  vim.bo[prelude].readonly = false
  vim.api.nvim_buf_set_lines(prelude, 0, -1, false, lines)
  vim.wait(500)
  local again = request(main, 'textDocument/definition', at(main, 'map'))
  assert(vim.inspect(again) == vim.inspect(definition), 'definition after editing the prelude: ' .. vim.inspect(again))
  for _, d in ipairs(diagnostics(main, vim.diagnostic.severity.ERROR)) do
    assert(not d.message:find('Unknown name', 1, true), 'an edited prelude broke main.fut: ' .. d.message)
  end
  report('ok: editing the prelude buffer changes nothing')

  -- Rename, applied as Neovim applies it.
  local function count(word)
    local text = table.concat(vim.api.nvim_buf_get_lines(main, 0, -1, false), '\n')
    return select(2, text:gsub('%f[%w_]' .. word .. '%f[^%w_]', ''))
  end
  local uses = count('double')
  local edit = request(main, 'textDocument/rename', {
    textDocument = vim.lsp.util.make_text_document_params(main),
    position = position_of(main, 'double'),
    newName = 'twice',
  })
  assert(edit, 'rename gives an edit')
  vim.lsp.util.apply_workspace_edit(edit, 'utf-16')
  assert(count('double') == 0 and count('twice') == uses, 'renamed ' .. uses .. ' occurrences')
  report('ok: rename renames the definition and its use')

  -- An edit that fixes the error clears it.
  local row = position_of(main, 'in xs[0]').line
  vim.api.nvim_buf_set_lines(main, row, row + 1, false, { '  in ys[0] + ys[1]' })
  expect('fixing the error clears it', 10, function()
    return #diagnostics(main, vim.diagnostic.severity.ERROR) == 0
  end)

  -- An imported file changed on disk (Neovim 0.7 cannot register
  -- watchers: the server watches the disk itself).
  local lib = io.open(workspace .. '/lib.fut', 'w')
  local written = vim.loop.hrtime()
  lib:write('def helper (b: bool) = b\n')
  lib:close()
  expect('a change on disk to an imported file is reported', 5, function()
    return #diagnostics(main, vim.diagnostic.severity.ERROR) > 0
  end)
  report(string.format('measured: reported %d ms after the write', (vim.loop.hrtime() - written) / 1e6))
end

local ok, failure = pcall(run)
if ok then
  finish(0)
else
  report('FAILED: ' .. tostring(failure))
  finish(1)
end
