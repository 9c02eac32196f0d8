"""`scene-runner lsp` driven by pytest-lsp over standard input and output,
as an editor drives it: open, edit, complete, hover, rename and shut down;
and every shipped scene and example checked by the server and by `check`,
whose diagnostics must agree.

Run by scripts/ci/lsp.sh: `SCENE_RUNNER=.build/debug/scene-runner pytest Tests/LanguageServerClients`.
"""

import asyncio
import glob
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = Path(__file__).resolve().parents[2]
RUNNER = os.environ.get("SCENE_RUNNER", str(ROOT / ".build/debug/scene-runner"))

MISTAKES = (ROOT / "Examples/mistakes.yaml").read_text()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[RUNNER, "lsp", "--debounce-ms", "5"]))
async def client(lsp_client: LanguageClient):
    # The capabilities VS Code's client sends, so pytest-lsp checks the
    # answers against what that client accepts.
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("visual-studio-code"), root_uri=ROOT.as_uri())
    )
    yield
    await lsp_client.shutdown_session()


async def diagnostics_of(client: LanguageClient, uri: str, version: int):
    """The diagnostics published for `uri` at `version`, waiting for them.
    (Called right after the change is sent: the wait begins before any
    answer can be read.)"""
    for _ in range(200):
        params = await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 30)
        if params.uri == uri and params.version == version:
            return params.diagnostics
    raise AssertionError(f"no diagnostics for {uri} at version {version}")


def open_document(client: LanguageClient, path: Path, text: str, version: int = 1) -> str:
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=version, text=text)
        )
    )
    return uri


def replace_all(client: LanguageClient, uri: str, text: str, version: int):
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


@pytest.mark.asyncio(loop_scope="function")
async def test_open_edit_complete_hover_rename(client: LanguageClient, tmp_path: Path):
    path = tmp_path / "mistakes.yaml"
    uri = open_document(client, path, MISTAKES)
    found = await diagnostics_of(client, uri, 1)
    assert [d.code for d in found] == [
        "invalid-value", "unknown-type", "outlet-type-mismatch", "unknown-event", "unknown-action",
    ]
    assert found[1].range.start == types.Position(line=6, character=10)
    assert "did you mean 'Button'?" in found[1].message

    # A quick fix for the misspelt type.
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=found[1].range,
            context=types.CodeActionContext(diagnostics=[found[1]]),
        )
    )
    assert [a.title for a in actions] == ["Change to 'Button'"]

    # Fixed as the author would type it; the version follows.
    fixed = MISTAKES.replace("Buton", "Button").replace("hidden: no", "hidden: false")
    replace_all(client, uri, fixed, 2)
    found = await diagnostics_of(client, uri, 2)
    assert [d.code for d in found] == ["outlet-type-mismatch", "unknown-event", "unknown-action"]

    # `parent: backgroundTap` (line 11): only views fit, the button now among them.
    completion = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=10, character=12)
        )
    )
    assert [item.label for item in completion.items] == ["controls", "play"]

    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=6, character=12))
    )
    assert hover.contents.value.startswith("**Button**")

    edit = await client.text_document_rename_async(
        types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=2, character=4),
            new_name="panel",
        )
    )
    # `controls:`, `parent: controls`, `view: controls`, `controls.hid`.
    assert [e.range.start.line for e in edit.changes[uri]] == [2, 7, 14, 16]
    assert {e.new_text for e in edit.changes[uri]} == {"panel"}


@pytest.mark.asyncio(loop_scope="function")
async def test_utf8_positions_when_offered(tmp_path: Path):
    """A client offering UTF-8 gets byte columns; the default is UTF-16."""
    for encodings, expected in ([["utf-8"], 22], [["utf-16"], 20]):
        process = subprocess.Popen([RUNNER, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        text = 'scene: "😀😀"\nobjects:\n  a: {type: View, 😀: 1}\n'
        messages = [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": {"capabilities": {"general": {"positionEncodings": encodings}}}},
            {"jsonrpc": "2.0", "method": "initialized", "params": {}},
            {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": (tmp_path / "a.yaml").as_uri(), "languageId": "yaml", "version": 1, "text": text}}},
        ]
        for message in messages:
            body = json.dumps(message).encode()
            process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        process.stdin.flush()
        answers = [read_message(process.stdout) for _ in range(2)]
        process.stdin.close()
        assert process.wait(timeout=10) == 1  # gone without shutdown
        assert answers[0]["result"]["capabilities"]["positionEncoding"] == encodings[0]
        diagnostic = answers[1]["params"]["diagnostics"][0]
        # The key after `  a: {type: View, ` (18 characters of one byte) is
        # not the view's: it ends after the emoji, 4 bytes or 2 UTF-16 units.
        assert diagnostic["range"]["start"]["character"] == 18, diagnostic
        assert diagnostic["range"]["end"]["character"] == expected, diagnostic


def read_message(stream):
    header = b""
    while not header.endswith(b"\r\n\r\n"):
        byte = stream.read(1)
        assert byte, "the server ended its output"
        header += byte
    length = int(header.split(b":")[1].split(b"\r\n")[0])
    return json.loads(stream.read(length))


def shipped_scenes():
    files = sorted(glob.glob(str(ROOT / "Scenes/*.yaml")) + glob.glob(str(ROOT / "Scenes/Components/*.yaml")))
    files += sorted(glob.glob(str(ROOT / "Examples/**/*.yaml"), recursive=True))
    return [Path(f) for f in files if "/.build/" not in f]


def check_diagnostics(path: Path):
    """(line, code) of each diagnostic `check --format json` prints for
    `path`, a component's at the include that leads there."""
    run = subprocess.run([RUNNER, "check", "--format", "json", str(path)], capture_output=True, text=True)
    found = []
    for line in run.stdout.splitlines():
        record = json.loads(line)
        if record["type"] != "diagnostic":
            continue
        included = record.get("includedFrom")
        found.append((included[-1]["line"] if included else record["line"], record["code"]))
    return found


@pytest.mark.asyncio(loop_scope="function")
async def test_every_shipped_scene_agrees_with_check(client: LanguageClient):
    scenes = shipped_scenes()
    assert len(scenes) > 20
    for path in scenes:
        uri = open_document(client, path, path.read_text())
        found = await diagnostics_of(client, uri, 1)
        served = [(d.range.start.line + 1, d.code) for d in found]
        assert served == check_diagnostics(path), path
        client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    print(f"{len(scenes)} scenes and examples: the server and check agree", file=sys.stderr)
