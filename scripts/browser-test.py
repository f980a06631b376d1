#!/usr/bin/env python3
"""Opens the committed example pages in headless Chromium and checks what a reader sees.

Usage: scripts/browser-test.py [CHROMIUM]   (run by scripts/test-browser.sh)

For traces/empty.html and traces/subject-never-completes.html it checks, from the DOM
Chromium dumps after the page's script ran: the call flow, the source view at Empty.swift
with its line highlighted, the marble for `.completed`, the leak's subscribe line (linked,
and shown highlighted in the source view), and, in the file as written (what a browser shows without JavaScript), the summary
and leaks.
Every load must leave the console empty (a script error or a request the page's CSP refused
both land there) and the network log must show no request from the page. Then it takes the
screenshots the README shows, into a scratch folder; with RXTRACE_RECORD=1 it writes them over
the committed ones in traces/screenshots/ (a test run leaves the tree as it found it). Exits 1
with one line per failed check; its last line counts the checks ("N passed, N failed").
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRACES = os.path.join(ROOT, "traces")
COMMITTED_SCREENSHOTS = os.path.join(TRACES, "screenshots")
TIMEOUT = 60

# Chromium's own background traffic (updates, accounts, time) is switched off where a flag
# can; what remains is told apart by its initiator, 'not an origin'.
FLAGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-default-apps", "--disable-domain-reliability", "--disable-client-side-phishing-detection",
    "--disable-features=Translate,OptimizationHints,MediaRouter,SpellcheckService",
    "--disable-spell-checking", "--force-device-scale-factor=1", "--enable-logging=stderr", "--v=0",
]

failures = []
checks = 0


def check(condition, message):
    global checks
    checks += 1
    if not condition:
        failures.append(message)


def load(chromium, page, fragment="", size=(1280, 800), screenshot=None):
    """Loads traces/PAGE#FRAGMENT; returns the dumped DOM (or None for a screenshot run)."""
    url = "file://" + os.path.join(TRACES, page) + ("#" + fragment if fragment else "")
    work = tempfile.mkdtemp(prefix="rxtrace-browser-")
    try:
        net_log = os.path.join(work, "net.json")
        arguments = [chromium] + FLAGS + [
            "--user-data-dir=" + os.path.join(work, "profile"), "--log-net-log=" + net_log,
            "--window-size=%d,%d" % size,
        ]
        arguments += ["--screenshot=" + screenshot] if screenshot else ["--dump-dom"]
        result = subprocess.run(arguments + [url], capture_output=True, text=True, timeout=TIMEOUT)
        name = page + ("#" + fragment if fragment else "")
        check(result.returncode == 0, "%s: chromium exited with %d: %s" % (name, result.returncode, result.stderr[-500:]))
        for line in result.stderr.splitlines():
            if ":CONSOLE" in line:
                check(False, "%s: console: %s" % (name, line.split("] ", 1)[-1]))
        for request in page_requests(net_log):
            check(False, "%s: the page made a request: %s" % (name, request))
        return None if screenshot else result.stdout
    finally:
        shutil.rmtree(work, ignore_errors=True)


def page_requests(net_log):
    """The URLs the page (not the browser itself) asked for, other than its own file."""
    try:
        with open(net_log) as file:
            log = json.load(file)
    except (OSError, ValueError) as error:
        return ["(no readable network log: %s)" % error]
    names = {number: name for name, number in log["constants"]["logEventTypes"].items()}
    requests = []
    for event in log["events"]:
        params = event.get("params", {})
        if names.get(event["type"]) != "URL_REQUEST_START_JOB" or "url" not in params:
            continue
        if params["url"].startswith("file:") or params.get("initiator") == "not an origin":
            continue
        requests.append(params["url"])
    return requests


def element_text(dom, element_id):
    """The text inside the element with `element_id`, tags stripped; a source line's text
    (the view's lines are spans in one <pre>) after its line number."""
    if element_id == "source-line":
        match = re.search(r'id="source-line"><span class="ln">\d+</span>(.*?)(?=<span class="line|</pre>)', dom, re.S)
        return re.sub(r"<[^>]+>", "", match.group(1)) if match else None
    match = re.search(r'<(\w+)[^>]*\bid="%s"[^>]*>(.*?)</\1>' % re.escape(element_id), dom, re.S)
    return re.sub(r"<[^>]+>", "", match.group(2)) if match else None


def main():
    chromium = sys.argv[1] if len(sys.argv) > 1 else "chromium"
    for page in ["empty.html", "subject-never-completes.html"]:
        if not os.path.exists(os.path.join(TRACES, page)):
            print("browser test: traces/%s is missing; scripts/run-examples.sh writes it" % page)
            return 1

    # empty: the subscription's flow, the step into Empty.swift, the marble for .completed.
    dom = load(chromium, "empty.html", "flow=2&find=Empty.subscribe") or ""
    check('id="flow-tree"' in dom and "Empty.subscribe [EmptyProducer&lt;Int&gt; #1]" in dom,
          "empty.html: the call flow with Empty.subscribe is not shown")
    check("Flow 2 · subscribe(_:) at RxExamples/EmptyExample.swift:13" in dom, "empty.html: flow 2's title is not shown")
    source = element_text(dom, "source-file") or ""
    check(source.startswith("RxCore/Empty.swift:"), "empty.html: the source view shows %r, not Empty.swift" % source)
    line = element_text(dom, "source-line") or ""
    check("Empty.subscribe" in line or "TraceCall.enter" in line,
          "empty.html: the highlighted line is %r, not Empty.subscribe's" % line)
    check("github.com/ReactiveX/RxSwift/blob/6.10.2/RxSwift/Observables/Empty.swift#L" in dom,
          "empty.html: no link to the line of RxSwift's Empty.swift that Empty.subscribe mirrors")
    check(re.search(r'id="marble-diagram".*data-kind="completed"', dom, re.S) is not None,
          "empty.html: the marble diagram has no .completed")

    # subject-never-completes: the leak first, its subscribe line linked and highlighted.
    dom = load(chromium, "subject-never-completes.html") or ""
    site = element_text(dom, "leak-1-site") or ""
    check(site == "RxExamples/SubjectNeverCompletesExample.swift:25",
          "subject-never-completes.html: the leak's subscribe line is %r" % site)
    check(dom.find('id="leaks"') < dom.find('id="explorer"'), "subject-never-completes.html: the leaks do not come first")
    source = element_text(dom, "source-file") or ""
    check(source == "RxExamples/SubjectNeverCompletesExample.swift:25",
          "subject-never-completes.html: the source view shows %r, not the subscribe line" % source)
    check(".subscribe(" in (element_text(dom, "source-line") or ""),
          "subject-never-completes.html: the highlighted line is not the subscribe")
    check(dom.count('data-kind="next"') == 4, "subject-never-completes.html: expected 4 next marbles (2 lanes × 2)")

    # Without JavaScript the browser shows the file as written: the summary and the leaks are
    # in it, and the script-drawn parts stay hidden.
    with open(os.path.join(TRACES, "subject-never-completes.html"), encoding="utf-8") as file:
        dom = file.read()
    check('<main id="app" hidden>' in dom, "subject-never-completes.html without JavaScript: the empty panels show")
    check("subject-never-completes · 4 flows" in (element_text(dom, "summary") or ""),
          "subject-never-completes.html without JavaScript: no summary")
    check("RxExamples/SubjectNeverCompletesExample.swift:25" in (element_text(dom, "leak-1-site") or ""),
          "subject-never-completes.html without JavaScript: no leak")

    recording = os.environ.get("RXTRACE_RECORD") == "1"
    screenshots = COMMITTED_SCREENSHOTS if recording else tempfile.mkdtemp(prefix="rxtrace-screenshots-")
    os.makedirs(screenshots, exist_ok=True)
    shots = [
        ("empty.html", "flow=2&find=Empty.subscribe", (1280, 800), "flow-and-source.png"),
        ("subject-never-completes.html", "", (1280, 800), "leak.png"),
        ("flatmap.html", "", (1280, 1500), "marbles.png"),
        ("empty.html", "flow=2&find=Empty.subscribe", (390, 844), "phone.png"),
    ]
    for page, fragment, size, name in shots:
        path = os.path.join(screenshots, name)
        load(chromium, page, fragment, size=size, screenshot=path)
        check(os.path.exists(path) and os.path.getsize(path) > 1000, "no screenshot %s" % name)

    for failure in failures:
        print("browser test: " + failure)
    if not recording:
        shutil.rmtree(screenshots, ignore_errors=True)
    print("browser test: %d passed, %d failed" % (checks - len(failures), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
