-- Starts the Futhark language server, futls, for Futhark buffers: one
-- server per project root (the nearest directory with a futhark.pkg, or
-- else a .git, above the file; the file's own directory otherwise).
-- Works with Neovim 0.7 and later, without nvim-lspconfig:
--
--   require('futhark').setup({ cmd = { 'futls' } })
--
-- Options: `cmd` (default { 'futls' }), and `on_attach` and
-- `capabilities`, passed on to the client as nvim-lspconfig does.
local M = {}

local function root_of(path)
  local directory = vim.fn.fnamemodify(path, ':p:h')
  local manifest = vim.fn.findfile('futhark.pkg', directory .. ';')
  if manifest ~= '' then
    return vim.fn.fnamemodify(manifest, ':p:h')
  end
  local git = vim.fn.finddir('.git', directory .. ';')
  if git ~= '' then
    -- `:p` ends a directory with a slash, which the first `:h` removes.
    return vim.fn.fnamemodify(git, ':p:h:h')
  end
  return directory
end

function M.setup(options)
  options = options or {}
  local clients = {}
  local group = vim.api.nvim_create_augroup('futhark_futls', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = 'futhark',
    callback = function(event)
      local name = vim.api.nvim_buf_get_name(event.buf)
      if name == '' then
        return
      end
      local root = root_of(name)
      local id = clients[root]
      if id == nil or vim.lsp.get_client_by_id(id) == nil then
        id = vim.lsp.start_client({
          name = 'futls',
          cmd = options.cmd or { 'futls' },
          root_dir = root,
          workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
          on_attach = options.on_attach,
          capabilities = options.capabilities,
        })
        clients[root] = id
      end
      if id ~= nil then
        vim.lsp.buf_attach_client(event.buf, id)
      end
    end,
  })
end

M.root_of = root_of

return M
