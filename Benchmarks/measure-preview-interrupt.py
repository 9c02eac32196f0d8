#!/usr/bin/env python3
"""Measures how long `scene-runner preview` takes to end after Ctrl-C when
the page has sent it a flood of heavy messages.

    Benchmarks/measure-preview-interrupt.py RUNNER [--bombs N] [--heavy N]
        [--wait S] [--record FILE] [--bound S]

Starts `RUNNER preview Scenes/live-preview.yaml --port 0` (with `--record
FILE` when asked), connects to it as the page does (a WebSocket with the
session's token), and sends N (default 60) alias bombs: steps of about
17 KB whose YAML aliases would expand past 16 MiB of text, and N (default
60) heavy steps within the limits (a 30 KB text set on the field, which the
label follows and the picture draws). After S seconds (default 0.5) it sends SIGINT and prints how long
the process took to end, its exit status and the notices the page got.
Exits 1 when the process took longer than the bound (default 5 s) or ended
by a signal.
"""
import argparse
import base64
import os
import json
import pathlib
import re
import socket
import struct
import subprocess
import sys
import tempfile
import time

# The address `preview` prints: its port and its token.
ADDRESS = re.compile(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]{32})")


class Preview:
    """A running `RUNNER preview SCENE --port 0 ARGUMENTS...` and the port
    and token it printed (no browser needed: the script is the page)."""

    def __init__(self, runner, scene, *arguments, timeout=60.0):
        self.output = tempfile.NamedTemporaryFile("w+", suffix=".out", delete=False)
        self.process = subprocess.Popen([runner, "preview", scene, "--port", "0", *arguments],
                                        stdout=self.output, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while True:
            match = ADDRESS.search(self.text())
            if match:
                break
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.process.kill()
                raise SystemExit("the preview printed no address:\n" + self.text())
            time.sleep(0.05)
        self.port = int(match.group(1))
        self.token = match.group(2)

    def text(self):
        with open(self.output.name, encoding="utf-8", errors="replace") as file:
            return file.read()


def bomb():
    """A `set:` step of about 20 KB whose aliases expand to 16 MiB of text."""
    chunk = "x" * 16_384
    return ("set: {query.text: [&a \"" + chunk + "\", [&b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a]],"
            " [&c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b]],"
            " [*c, *c, *c, *c]]}")


def heavy(index):
    """A step within the limits that is real work: a 30 KB text set on the
    field, which the label follows and the picture draws."""
    return "set: {query.text: '" + str(index) + " " + "y" * 30_000 + "'}"


def frame(text):
    """A masked text frame, as a browser sends."""
    payload = text.encode()
    mask = os.urandom(4)
    header = bytes([0x81])
    if len(payload) < 126:
        header += bytes([0x80 | len(payload)])
    elif len(payload) < 65536:
        header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
    else:
        header += bytes([0x80 | 127]) + struct.pack(">Q", len(payload))
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return header + mask + masked


def connect(port, token):
    connection = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    request = (f"GET /socket?token={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
               f"Origin: http://127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
    connection.sendall(request.encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        data = connection.recv(4096)
        if not data:
            raise SystemExit("the preview closed the connection: " + answer.decode(errors="replace"))
        answer += data
    if b" 101 " not in answer.split(b"\r\n")[0]:
        raise SystemExit("the preview refused the WebSocket: " + answer.decode(errors="replace"))
    return connection, answer.split(b"\r\n\r\n", 1)[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("runner")
    parser.add_argument("--bombs", type=int, default=60)
    parser.add_argument("--heavy", type=int, default=60)
    parser.add_argument("--wait", type=float, default=0.5)
    parser.add_argument("--record")
    parser.add_argument("--bound", type=float, default=5.0)
    options = parser.parse_args()
    root = pathlib.Path(__file__).resolve().parent.parent
    extra = ["--record", options.record] if options.record else []
    preview = Preview(options.runner, str(root / "Scenes" / "live-preview.yaml"), *extra)
    connection, received = connect(preview.port, preview.token)
    messages = []
    for _ in range(options.bombs):
        messages.append('{"kind": "step", "line": ' + repr_json(bomb()) + "}")
    for _ in range(options.heavy):
        messages.append('{"kind": "step", "line": ' + repr_json(heavy(len(messages))) + "}")
    started = time.monotonic()
    for message in messages:
        connection.sendall(frame(message))
    sent = time.monotonic() - started
    time.sleep(options.wait)
    connection.setblocking(False)
    try:
        while True:
            data = connection.recv(1 << 20)
            if not data:
                break
            received += data
    except BlockingIOError:
        pass
    interrupted = time.monotonic()
    preview.process.send_signal(2)
    try:
        status = preview.process.wait(timeout=120)
    except Exception:
        preview.process.kill()
        status = None
    ended = time.monotonic() - interrupted
    notices = received.count(b'"kind":"notice"')
    print(f"sent {len(messages)} messages ({sum(len(m) for m in messages) / 1e6:.1f} MB) in {sent:.2f} s; "
          f"Ctrl-C after {options.wait:.1f} s more")
    print(f"ended {ended:.2f} s after Ctrl-C, exit status {status}; the page got {notices} notices before it")
    first = re.search(rb'"kind":"notice","text":"([^"]*)"', received)
    if first:
        print("the first notice: " + first.group(1).decode(errors="replace"))
    if status is None or status < 0 or ended > options.bound:
        print(f"FAILED: the bound is {options.bound:.1f} s and a clean exit status")
        return 1
    return 0


def repr_json(text):
    return json.dumps(text)


if __name__ == "__main__":
    sys.exit(main())
