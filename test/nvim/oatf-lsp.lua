-- Drives `oatf lsp` from Neovim's built-in LSP client (Neovim 0.7+), headless: opens the
-- document, waits for diagnostics, asks hover, completion and definition at the positions
-- given, and writes every exchange to a JSON file. Inputs come from the environment:
-- OATF_LSP_CMD (JSON array), OATF_DOC, OATF_OUT, OATF_POSITIONS (JSON object of LSP positions).
local cmd = vim.fn.json_decode(os.getenv("OATF_LSP_CMD"))
local doc = os.getenv("OATF_DOC")
local out_path = os.getenv("OATF_OUT")
local positions = vim.fn.json_decode(os.getenv("OATF_POSITIONS"))
local out = { transcript = {} }

local function log(step, value)
  table.insert(out.transcript, { step = step, value = value })
end

local client_id = vim.lsp.start_client({
  name = "oatf",
  cmd = cmd,
  root_dir = vim.fn.fnamemodify(doc, ":h"),
  handlers = {
    ["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
      out.diagnostics = result.diagnostics
      log("publishDiagnostics", result)
      vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
    end,
  },
})

vim.cmd("edit " .. vim.fn.fnameescape(doc))
local bufnr = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(bufnr, client_id)

local initialized = vim.wait(15000, function()
  local client = vim.lsp.get_client_by_id(client_id)
  return client ~= nil and client.initialized
end, 20)
local client = vim.lsp.get_client_by_id(client_id)
out.server_capabilities = client and (client.server_capabilities or client.resolved_capabilities)
log("initialize", { initialized = initialized, server_name = client and client.name })

vim.wait(15000, function() return out.diagnostics ~= nil end, 20)
-- The diagnostics as Neovim itself holds them (vim.diagnostic), 0-based lines.
out.vim_diagnostics = vim.tbl_map(function(d)
  return { lnum = d.lnum, col = d.col, message = d.message, severity = d.severity }
end, vim.diagnostic.get(bufnr))

local uri = vim.uri_from_bufnr(bufnr)
local function request(name, method, params)
  params.textDocument = { uri = uri }
  log(method .. " request", params)
  local responses = vim.lsp.buf_request_sync(bufnr, method, params, 15000)
  local result = responses and responses[client_id] and responses[client_id].result
  out[name] = result
  log(method .. " response", result)
end

request("hover", "textDocument/hover", { position = positions.hover })
request("completion", "textDocument/completion", { position = positions.completion })
request("definition", "textDocument/definition", { position = positions.definition })

local file = assert(io.open(out_path, "w"))
file:write(vim.fn.json_encode(out))
file:close()
vim.lsp.stop_client(client_id)
vim.wait(2000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
vim.cmd("qa!")
