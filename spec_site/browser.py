"""Headless Chromium over the DevTools protocol (--remote-debugging-pipe:
JSON messages ending in NUL, commands on fd 3, answers on fd 4), with the
standard library only.  Used by `make check-spec` to open the site's
pages as a reader would."""

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync",
         "--remote-debugging-pipe"]


class BrowserError(Exception):
    pass


class Chromium:
    def __init__(self, binary="chromium", timeout=60):
        exe = shutil.which(binary)
        if not exe:
            raise BrowserError(f"{binary} not found (make deps installs "
                               "Debian's chromium)")
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="rdmacts-chromium-")
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()

        def fds():
            # out of the way first: either end may itself be fd 3 or 4
            r = fcntl.fcntl(to_chrome_r, fcntl.F_DUPFD, 10)
            w = fcntl.fcntl(from_chrome_w, fcntl.F_DUPFD, 10)
            os.dup2(r, 3)
            os.dup2(w, 4)

        self.proc = subprocess.Popen(
            [exe, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            preexec_fn=fds, close_fds=False, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=os.environ.get("RDMACTS_CHROMIUM_LOG") and open(os.environ["RDMACTS_CHROMIUM_LOG"], "w") or subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buf = b""
        self._next = 0
        self.events = []
        target = self.call("Target.createTarget", url="about:blank")
        self.session = self.call("Target.attachToTarget", flatten=True,
                                 targetId=target["targetId"])["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable", session=True)

    def close(self):
        try:
            self.call("Browser.close")
        except BrowserError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._to_chrome, self._from_chrome):
            os.close(fd)
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _read(self, deadline):
        while b"\0" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("chromium did not answer in time")
            ready, _, _ = select.select([self._from_chrome], [], [], left)
            if ready:
                chunk = os.read(self._from_chrome, 1 << 20)
                if not chunk:
                    raise BrowserError("chromium closed its pipe")
                self._buf += chunk
        msg, self._buf = self._buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, session=False, **params):
        self._next += 1
        msg = {"id": self._next, "method": method, "params": params}
        if session:
            msg["sessionId"] = self.session
        os.write(self._to_chrome, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            m = self._read(deadline)
            if m.get("id") == self._next:
                if "error" in m:
                    raise BrowserError(f"{method}: {m['error']}")
                return m.get("result", {})
            self.events.append(m)

    def wait_event(self, method):
        deadline = time.monotonic() + self.timeout
        for i, m in enumerate(self.events):
            if m.get("method") == method:
                return self.events.pop(i)
        while True:
            m = self._read(deadline)
            if m.get("method") == method:
                return m
            self.events.append(m)

    def open(self, url):
        """Loads url and returns the seconds until its load event."""
        self.events = [m for m in self.events if m.get("method") not in (
            "Page.loadEventFired", "Page.navigatedWithinDocument")]
        start = time.monotonic()
        nav = self.call("Page.navigate", session=True, url=url)
        if "loaderId" in nav:
            self.wait_event("Page.loadEventFired")
        else:
            # a fragment of the same document: no load, a hashchange
            self.wait_event("Page.navigatedWithinDocument")
            self.eval("new Promise(r => setTimeout(r, 0))")
        return time.monotonic() - start

    def eval(self, expression):
        r = self.call("Runtime.evaluate", session=True,
                      expression=expression, returnByValue=True,
                      awaitPromise=True)
        if "exceptionDetails" in r:
            raise BrowserError(f"{expression[:60]}...: "
                               f"{r['exceptionDetails'].get('text')}")
        return r["result"].get("value")

    def errors(self):
        """Console errors and uncaught exceptions seen so far."""
        out = []
        for m in self.events:
            p = m.get("params", {})
            if m.get("method") == "Runtime.exceptionThrown":
                out.append(p["exceptionDetails"].get("text", "exception"))
            elif m.get("method") == "Runtime.consoleAPICalled" and \
                    p.get("type") == "error":
                out.append(" ".join(str(a.get("value")) for a in
                                    p.get("args", [])))
            elif m.get("method") == "Log.entryAdded" and \
                    p["entry"].get("level") == "error":
                out.append(p["entry"].get("text", ""))
        return out

    def screenshot(self, path, width=1280, height=900):
        self.call("Emulation.setDeviceMetricsOverride", session=True,
                  width=width, height=height, deviceScaleFactor=1,
                  mobile=False)
        png = self.call("Page.captureScreenshot", session=True,
                        format="png")["data"]
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(base64.b64decode(png))

    def scripts(self, enabled):
        self.call("Emulation.setScriptExecutionDisabled", session=True,
                  value=not enabled)
