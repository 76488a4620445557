-- Drives Neovim configured by nothing but the README's snippet (loaded with -u): opens a
-- GitHub Actions workflow, an OATF document and an empty file matching the snippet's glob,
-- lets the snippet's FileType autocommand attach `oatf lsp`, then asks hover, completion and
-- a quick fix, and writes what Neovim holds to a JSON file. Written for Neovim 0.7 to 0.10
-- (no API newer than 0.7, newer ones only where 0.10 deprecates the old). Environment:
-- OATF_FILES (JSON: workflow, document, glob paths), OATF_POSITIONS (JSON), OATF_OUT.
local files = vim.fn.json_decode(os.getenv("OATF_FILES"))
local positions = vim.fn.json_decode(os.getenv("OATF_POSITIONS"))
local out = { version = vim.version(), buffers = {} }

local function clients(bufnr)
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = bufnr }) end
  return vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
end

--- Opens `path` (the snippet's autocommand attaches the server), waits until the server is
--- initialized and, if `diagnostics`, until Neovim holds diagnostics for the buffer.
local function open(name, path, diagnostics)
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  local bufnr = vim.api.nvim_get_current_buf()
  local attached = vim.wait(20000, function()
    local c = clients(bufnr)[1]
    return c ~= nil and c.initialized == true
  end, 20)
  if diagnostics then
    vim.wait(20000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20)
  end
  local ids = vim.tbl_map(function(c) return c.id end, clients(bufnr))
  out.buffers[name] = { bufnr = bufnr, filetype = vim.bo[bufnr].filetype, attached = attached, clients = ids }
  return bufnr
end

local function request(bufnr, method, params)
  params.textDocument = { uri = vim.uri_from_bufnr(bufnr) }
  local responses = vim.lsp.buf_request_sync(bufnr, method, params, 20000) or {}
  local _, response = next(responses)
  -- A null result is JSON null in the output; no response at all leaves the field out.
  if response == nil then return nil end
  return response.err and { error = response.err } or response.result or vim.NIL
end

local function diagnostics(bufnr)
  return vim.tbl_map(function(d)
    return { lnum = d.lnum, col = d.col, message = d.message, code = d.code }
  end, vim.diagnostic.get(bufnr))
end

-- The workflow first: whatever the server publishes for it is sent before the document's.
local workflow = open("workflow", files.workflow, false)
out.workflow_hover = request(workflow, "textDocument/hover", { position = positions.workflow })
local document = open("document", files.document, true)
local glob = open("glob", files.glob, true)

out.document_diagnostics = diagnostics(document)
out.workflow_diagnostics = diagnostics(workflow)
out.glob_diagnostics = diagnostics(glob)
out.hover = request(document, "textDocument/hover", { position = positions.hover })
out.completion = request(document, "textDocument/completion", { position = positions.completion })

-- The quick fixes for the typo, with the diagnostic as the server sent it.
local typo
for _, d in ipairs(vim.diagnostic.get(document)) do
  if d.message:find(positions.typo, 1, true) then typo = d end
end
if typo then
  -- Rebuilt from what vim.diagnostic keeps (0.7 keeps the server's `data`, not its range).
  local lsp = {
    range = {
      start = { line = typo.lnum, character = typo.col },
      ["end"] = { line = typo.end_lnum, character = typo.end_col },
    },
    message = typo.message,
    code = typo.code,
    source = typo.source,
    data = typo.user_data and typo.user_data.lsp and typo.user_data.lsp.data,
  }
  out.code_actions = request(document, "textDocument/codeAction", {
    range = lsp.range,
    context = { diagnostics = { lsp } },
  })
end

local file = assert(io.open(os.getenv("OATF_OUT"), "w"))
file:write(vim.fn.json_encode(out))
file:close()
for _, c in ipairs(clients(document)) do vim.lsp.stop_client(c.id) end
vim.wait(2000, function() return #clients(document) == 0 end, 20)
vim.cmd("qa!")
