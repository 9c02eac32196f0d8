-- Headless Neovim (0.7 or later) attached to `scene-runner lsp` through
-- vim.lsp.start_client, reading what an editor shows: the diagnostics of
-- Examples/mistakes.yaml and the completion items of an outlet's value.
-- Run by scripts/ci/lsp.sh:
--   SCENE_RUNNER=.build/debug/scene-runner nvim --headless -u NONE -c "luafile Tests/LanguageServerClients/neovim.lua"
-- It prints what it read and quits with status 0, or 1 with the reason.

local function finish(ok, message)
  io.stdout:write(message .. "\n")
  vim.cmd((ok and "qall!") or "cquit! 1")
end

local runner = os.getenv("SCENE_RUNNER") or ".build/debug/scene-runner"
local scene = vim.fn.fnamemodify("Examples/mistakes.yaml", ":p")

vim.cmd("edit " .. vim.fn.fnameescape(scene))
local buffer = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({
  name = "scene-runner",
  cmd = { runner, "lsp" },
  root_dir = vim.fn.getcwd(),
})
if not client_id then
  finish(false, "the server did not start")
  return
end
vim.lsp.buf_attach_client(buffer, client_id)

-- The diagnostics, as vim.diagnostic holds them for the buffer.
local shown = vim.wait(10000, function() return #vim.diagnostic.get(buffer) >= 5 end, 20)
if not shown then
  finish(false, "no diagnostics after 10 s: " .. vim.inspect(vim.diagnostic.get(buffer)))
  return
end
local diagnostics = vim.diagnostic.get(buffer)
table.sort(diagnostics, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
local lines = {}
for _, diagnostic in ipairs(diagnostics) do
  table.insert(lines, string.format("%d:%d %s", diagnostic.lnum + 1, diagnostic.col + 1, diagnostic.code or "?"))
end
local expected = "5:13 invalid-value,7:11 unknown-type,11:13 outlet-type-mismatch,17:7 unknown-event,17:28 unknown-action"
if table.concat(lines, ",") ~= expected then
  finish(false, "diagnostics: " .. table.concat(lines, ",") .. "\nexpected:    " .. expected)
  return
end

-- Completion at `parent: backgroundTap` (line 11, column 13): views only.
local params = {
  textDocument = { uri = vim.uri_from_bufnr(buffer) },
  position = { line = 10, character = 12 },
}
local answers = vim.lsp.buf_request_sync(buffer, "textDocument/completion", params, 10000)
local labels = {}
for _, answer in pairs(answers or {}) do
  for _, item in ipairs((answer.result or {}).items or {}) do table.insert(labels, item.label) end
end
if table.concat(labels, ",") ~= "controls" then
  finish(false, "completion: " .. table.concat(labels, ","))
  return
end

-- Shut down as an editor does on quitting.
vim.lsp.stop_client(client_id)
vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
finish(true, "neovim: 5 diagnostics at their lines and columns; completion offers controls")
