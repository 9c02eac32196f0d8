"""What the scripts that drive a page in headless Chromium share
(check-preview.py, ../Benchmarks/measure-preview.py, check-timeline-screen.py): the
browser, waiting for what a page or a process does, and a running
`scene-runner preview`.

Needs Debian's chromium and chromium-driver, and Selenium from PyPI
(scripts/ci/install.sh browser installs them).
"""
import os
import re
import signal
import subprocess
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

# The address `preview` prints: its port and its token.
ADDRESS = re.compile(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]{32})")


class Failure(Exception):
    """What a check saw that does not hold."""


def chromium(*arguments, console=False):
    """Headless Chromium through chromedriver, with every connection but the
    loopback's sent to a closed port on this machine (a page that needed the
    network would show it broken; `--proxy-bypass-list=<-loopback>` among
    `arguments` closes the loopback too); with `console`, the page's console
    messages are kept (page_errors)."""
    options = Options()
    for argument in ("--headless", "--no-sandbox", "--disable-gpu", "--window-size=1400,900",
                     "--proxy-server=127.0.0.1:9", *arguments):
        options.add_argument(argument)
    binary = next((p for p in ("/usr/bin/chromium", "/usr/bin/chromium-headless-shell") if os.path.exists(p)), None)
    if binary:
        options.binary_location = binary
    if console:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))


def page_errors(driver):
    """The errors the page's script logged (needs chromium(console=True))."""
    return [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]


def wait_until(condition, what, timeout=20.0):
    """Polls `condition` until it is true and returns its value; fails naming
    `what` after `timeout` seconds (a hang guard, not a speed target)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise Failure("timed out waiting for " + what)


class Preview:
    """A running `RUNNER preview SCENE --port 0 ARGUMENTS...` and the address
    it printed (url, port, token)."""

    def __init__(self, runner, scene, *arguments, timeout=30.0):
        self.output = tempfile.NamedTemporaryFile("w+", suffix=".out", delete=False)
        self.process = subprocess.Popen([runner, "preview", scene, "--port", "0", *arguments],
                                        stdout=self.output, stderr=subprocess.PIPE, text=True)
        try:
            match = wait_until(lambda: ADDRESS.search(self.text()), "the preview's address", timeout)
        except Failure:
            self.process.kill()
            raise
        self.url = match.group(0)
        self.port = int(match.group(1))
        self.token = match.group(2)

    def text(self):
        """What the session printed so far (its transcript)."""
        with open(self.output.name, encoding="utf-8") as file:
            return file.read()

    def stop(self):
        """Ends the session as Ctrl-C does; its exit status and standard error."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            errors = self.process.communicate(timeout=20)[1]
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise Failure("the preview did not end within 20 s of SIGINT")
        return self.process.returncode, errors
