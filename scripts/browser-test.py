#!/usr/bin/env python3
"""Opens the committed example pages in headless Chromium and checks what a reader sees.

Usage: scripts/browser-test.py [CHROMIUM]   (run by scripts/test-browser.sh)

For traces/empty.html and traces/subject-never-completes.html it checks, from the DOM
Chromium dumps after the page's script ran: the call flow, the source view at Empty.swift
with its line highlighted, the marble for `.completed`, the leak's subscribe line (linked,
and shown highlighted in the source view), and, in the file as written (what a browser shows without JavaScript), the summary
and leaks.
Then it drives share-replay.html and empty.html over the DevTools pipe
(scripts/browser_session.py): #step=N, the keys and buttons forward and back, play and pause,
the objects alive at a known step, a marble's causes, a step user code called (its line in the
example's file, one click from RxCore's), the instrumentation folded and shown, flatmap.html's
inner lanes under their operator and its x axis switched to time and back, flatmap-latest.html's
cancelled inner lane,
and the layout at 1400×900 and 800×900, with the mid-step screenshots.
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

sys.dont_write_bytecode = True  # no __pycache__ left in scripts/
from browser_session import BrowserError, BrowserSession  # noqa: E402

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


def page_url(page, fragment=""):
    return "file://" + os.path.join(TRACES, page) + ("#" + fragment if fragment else "")


def interact(chromium, screenshots):
    """Drives the pages as a reader does: steps through share-replay with the keys and the
    buttons, plays it, opens #step=N, checks the objects alive at a known step, folds and
    unfolds the instrumentation, checks the layout at 1400×900 and 800×900 and takes the
    mid-step screenshots."""
    profile = tempfile.mkdtemp(prefix="rxtrace-browser-")
    browser = None
    try:
        browser = BrowserSession(chromium, FLAGS, os.path.join(profile, "profile"), (1400, 900), timeout=TIMEOUT)
        step_through(browser)
        caller_lines(browser)
        fold(browser)
        marble_lanes(browser)
        marble_axis(browser)
        layout(browser, screenshots)
        for problem in browser.problems:
            check(False, "interactive: " + problem)
    except BrowserError as error:
        check(False, "interactive: %s" % error)
    finally:
        if browser:
            browser.close()
        shutil.rmtree(profile, ignore_errors=True)


def text(browser, selector):
    return browser.evaluate(
        "(function () { var node = document.querySelector(%s); return node ? node.textContent : null; })()"
        % json.dumps(selector))


def position(browser):
    """The step the page shows, from its "Step N of M" and its address."""
    match = re.match(r"Step (\d+) of (\d+)", text(browser, "#step-count") or "")
    hash_step = re.match(r"#step=(\d+)$", browser.evaluate("location.hash") or "")
    if not match:
        return None, None, None
    return int(match.group(1)), int(match.group(2)), int(hash_step.group(1)) if hash_step else None


def alive_state(browser, object_id):
    """The alive-objects panel's lines for object `object_id`, or None when it is not listed."""
    return browser.evaluate(
        "(function () { var item = document.querySelector('#alive-list [data-object=\"%d\"]');"
        " return item ? Array.prototype.map.call(item.children, function (n) { return n.textContent; }) : null; })()"
        % object_id)


def step_through(browser):
    """share-replay: the late subscriber's replayed 21 at a known step, then the controls."""
    # Step 59: the connection hands the buffered 21 to the late subscriber's observer, #11,
    # inside its subscribe (the text report's flow 5).
    browser.open(page_url("share-replay.html", "step=59"))
    step, total, in_address = position(browser)
    check(step == 59 and in_address == 59, "share-replay.html#step=59 opens step %r (address %r)" % (step, in_address))
    what = text(browser, "#step-what") or ""
    check("next(21)" in what and "AnonymousObserver<Int> #11" in what,
          "share-replay.html step 59 is %r, not the replayed 21 reaching #11" % what)
    check(alive_state(browser, 3) == ["ShareReplay1WhileConnected<Int> #3", "subscribers: subscription #1, subscription #2"],
          "share-replay.html step 59: the share's panel entry is %r" % alive_state(browser, 3))
    check(alive_state(browser, 11) == ["AnonymousObserver<Int> #11", "observer of subscription #2"],
          "share-replay.html step 59: the late observer's panel entry is %r" % alive_state(browser, 11))
    # The state RxCore recorded: the connection's observers with their Bag keys, its buffer of
    # one, connected; the subject's one observer, the connection's DoSink.
    connection = alive_state(browser, 6) or []
    check(connection[1:4] == ["observers: key 0 → AnonymousObserver<Int> #4, key 1 → AnonymousObserver<Int> #11",
                              "buffer 1 of 1", "connected"],
          "share-replay.html step 59: the connection's recorded state is %r" % connection)
    check((alive_state(browser, 1) or [])[1:2] == ["observers: key 0 → DoSink<…> #8"],
          "share-replay.html step 59: the subject's recorded state is %r" % alive_state(browser, 1))
    check(text(browser, "#marble-diagram .event.current") == "next(21)" or
          "21" in (text(browser, "#marble-diagram .event.current") or ""),
          "share-replay.html step 59: no marble 21 highlighted")
    check("Subscription #2 " in (text(browser, "#marbles") or ""),
          "share-replay.html step 59: the marbles are not the late subscription's")
    check(text(browser, "#flow-tree .step.selected") is not None, "share-replay.html step 59: no flow row selected")
    check(browser.evaluate("!!document.querySelector('#marble-diagram .event.current.replayed')"),
          "share-replay.html step 59: the 21 handed to the late subscriber is not marked replayed")
    check(browser.evaluate("document.querySelectorAll('#marble-diagram .subscribe-mark').length") == 3,
          "share-replay.html step 59: not one subscribe marker per lane")

    # Causality: step 69 is DoSink's 22 to the connection, sent while the subject's 22 (step
    # 66) was delivered, and handed on to both subscribers' observers (steps 72 and 75).
    browser.open(page_url("share-replay.html", "step=69"))
    causes = text(browser, '#causality [data-part="caused by"]') or ""
    effects = text(browser, '#causality [data-part="caused"]') or ""
    check("(step 66)" in causes and "PublishSubject<Int> #1" in causes, "share-replay.html step 69: caused by %r" % causes)
    check("(step 72)" in effects and "(step 75)" in effects, "share-replay.html step 69: caused %r" % effects)
    browser.click('#causality [data-part="caused by"] button')
    check(position(browser)[0] == 66, "the cause's button goes to %r, not step 66" % (position(browser),))
    browser.click('#marble-diagram .event[data-kind="next"][data-value="20"]')
    clicked = position(browser)[0]
    check(clicked is not None and "next(20)" in (text(browser, "#step-what") or ""),
          "clicking the marble 20 went to step %r: %r" % (clicked, text(browser, "#step-what")))
    check(browser.evaluate("document.querySelectorAll('#marble-diagram .event.same-value').length") == 3,
          "share-replay.html: the value 20 is not marked in each of its 3 lanes")

    # The controls, from step 59 again.
    browser.open(page_url("share-replay.html", "step=59"))
    browser.press("ArrowRight", key_code=39)
    check(position(browser)[0::2] == (60, 60), "→ goes to %r, not step 60" % (position(browser),))
    browser.press("ArrowLeft", key_code=37)
    browser.press("ArrowLeft", key_code=37)
    check(position(browser)[0::2] == (58, 58), "← ← goes to %r, not step 58" % (position(browser),))
    browser.click("#step-next")
    check(position(browser)[0] == 59, "the Next button goes to %r, not step 59" % (position(browser),))
    browser.click("#step-previous")
    check(position(browser)[0] == 58, "the Back button goes to %r, not step 58" % (position(browser),))
    browser.press("End", key_code=35)
    check(position(browser)[0] == total, "End goes to %r, not the last step %r" % (position(browser), total))
    # After the run nothing is alive: every deinit is behind the last step.
    check(browser.evaluate("document.getElementById('alive-list').dataset.count") == "0",
          "share-replay.html: objects alive after the last step")
    browser.press("Home", key_code=36)
    check(position(browser)[0] == 1, "Home goes to %r, not step 1" % (position(browser),))
    check(alive_state(browser, 1) == ["PublishSubject<Int> #1"], "share-replay.html step 1: %r" % alive_state(browser, 1))

    # The leak at its last step: the subject still sends to the map's sink, which sends to the
    # observer of the subscription nothing ended.
    browser.open(page_url("subject-never-completes.html"))
    browser.press("End", key_code=35)
    check(alive_state(browser, 1) == ["PublishSubject<Int> #1", "observers: key 0 → MapSink<…> #5",
                                      "sends to MapSink<…> #5"],
          "subject-never-completes.html last step: the subject's entry is %r" % alive_state(browser, 1))
    check(alive_state(browser, 3) == ["AnonymousObserver<Int> #3", "observer of subscription #1"],
          "subject-never-completes.html last step: the observer's entry is %r" % alive_state(browser, 3))

    browser.open(page_url("share-replay.html", "step=1"))
    browser.click("#step-play")
    browser.wait(2.5)
    playing_at = position(browser)[0]
    check(playing_at and playing_at >= 3, "Play went from step 1 to %r in 2.5 s" % playing_at)
    browser.click("#step-play")
    paused_at = position(browser)[0]
    browser.wait(1.5)
    check(position(browser)[0] == paused_at, "Pause did not stop at step %r" % paused_at)


def caller_lines(browser):
    """subject-never-completes: flow 3 is `counter.taps.onNext(1)`, line 37 of the example's file,
    named as its `#fileID` names it: its title, its root step
    `PublishSubject.on` and the steps under it lead to that line, and so does the walkthrough."""
    page = "subject-never-completes.html"
    place = "RxExamples/SubjectNeverCompletesExample.swift:37"
    browser.open(page_url(page, "flow=3"))
    check(text(browser, "#source-file") == place and "counter.taps.onNext(1)" in (text(browser, "#source-line") or ""),
          "%s#flow=3: the title opens %r at %r, not the onNext line" % (
              page, text(browser, "#source-file"), text(browser, "#source-line")))

    browser.open(page_url(page, "flow=3&find=PublishSubject.on"))
    check((text(browser, "#source-file") or "").startswith("RxCore/PublishSubject.swift:"),
          "%s: the root step opens %r, not PublishSubject.swift" % (page, text(browser, "#source-file")))
    caller = text(browser, "#source-caller")
    check(caller == "called at " + place, "%s: the root step's caller button says %r" % (page, caller))
    check(place in (text(browser, "#flow-tree .step.selected .caller") or ""),
          "%s: the root step's row does not show its caller line" % page)
    if caller:
        browser.click("#source-caller")
    check(text(browser, "#source-file") == place, "%s: the caller button opens %r" % (page, text(browser, "#source-file")))
    check("counter.taps.onNext(1)" in (text(browser, "#source-line") or ""),
          "%s: the caller button highlights %r, not the onNext line" % (page, text(browser, "#source-line")))

    browser.open(page_url(page, "flow=3&find=MapSink.on"))
    under = text(browser, "#source-caller") or ""
    check(under == "under PublishSubject.on(.next(1)), called at " + place,
          "%s: a step under the root names its caller as %r" % (page, under))

    # Step 20 of the walkthrough is that PublishSubject.on.
    browser.open(page_url(page, "step=20"))
    what = text(browser, "#step-what") or ""
    check(what.startswith("call PublishSubject.on(.next(1))") and what.endswith("· called at " + place),
          "%s#step=20 says %r, not the onNext line" % (page, what))
    check(text(browser, "#source-caller") == "called at " + place,
          "%s#step=20: no caller button (%r)" % (page, text(browser, "#source-caller")))


def fold(browser):
    """empty: RxCore's instrumentation folded by default, shown by the toggle, real line numbers."""
    browser.open(page_url("empty.html", "flow=2&find=Empty.subscribe"))
    visible = browser.evaluate(
        "Array.prototype.filter.call(document.querySelectorAll('#source-lines .line'), function (l) { return !l.hidden; })"
        ".map(function (l) { return l.textContent; })")
    check(int(browser.evaluate("document.getElementById('source-lines').dataset.folded")) > 0,
          "empty.html: no instrumentation line folded")
    check(not any("TraceCall" in line or "Instrumentation." in line for line in visible),
          "empty.html: instrumentation shown while folded: %r" % [l for l in visible if "TraceCall" in l])
    check(any("observer.on(.completed)" in line for line in visible), "empty.html: the folded view lost RxSwift's code")
    browser.click("#show-instrumentation")
    check(browser.evaluate("document.getElementById('source-lines').dataset.folded") == "0",
          "empty.html: the toggle did not show the instrumentation")
    number = text(browser, "#source-line .ln")
    place = text(browser, "#source-file") or ""
    check('TraceCall.enter("Empty.subscribe"' in (text(browser, "#source-line") or ""),
          "empty.html unfolded: the highlighted line is %r" % text(browser, "#source-line"))
    check(place.endswith(":" + str(number)), "empty.html unfolded: line %r is not the step's %r" % (number, place))
    browser.click("#show-instrumentation")


def marble_lanes(browser):
    """flatmap: each inner just drawn under its FlatMap lane, boxed; flatmap-latest: the inner
    subscription flatMapLatest let go marked cancelled where it was let go."""
    browser.open(page_url("flatmap.html"))
    inner = browser.evaluate(
        "Array.prototype.map.call(document.querySelectorAll('#marble-diagram .inner-lane'), function (g) {"
        " return [Number(g.dataset.lane), Number(g.dataset.innerOf), g.querySelector('text').textContent,"
        " Number(g.querySelector('line').getAttribute('x1'))]; })")
    operators = browser.evaluate(
        "Array.prototype.map.call(document.querySelectorAll('#marble-diagram .lane:not(.inner-lane)'), function (g) {"
        " return [Number(g.dataset.lane), g.querySelector('text').textContent, Number(g.querySelector('line').getAttribute('x1'))]; })")
    check(len(inner) == 2, "flatmap.html: %d inner lanes, not the two inner justs" % len(inner))
    flat_map = [lane for lane in operators if lane[1].startswith("FlatMap<")]
    check(len(flat_map) == 1, "flatmap.html: no FlatMap lane among %r" % [lane[1] for lane in operators])
    if flat_map and inner:
        check(all(lane[1] == flat_map[0][0] and lane[0] > flat_map[0][0] for lane in inner),
              "flatmap.html: the inner lanes %r are not drawn under the FlatMap lane %r" % (inner, flat_map[0]))
        check(all(lane[2].startswith("inner: Just<Int>") for lane in inner), "flatmap.html: inner lanes %r" % inner)
        check(all(lane[3] > flat_map[0][2] for lane in inner), "flatmap.html: the inner lanes are not indented")
    check(browser.evaluate("document.querySelectorAll('#marble-diagram .inner-box').length") == 1,
          "flatmap.html: the inner lanes are not boxed together")
    check(browser.evaluate("document.querySelectorAll('#marble-diagram .lane.cancelled').length") == 0,
          "flatmap.html: an inner just that completed is marked cancelled")

    browser.open(page_url("flatmap-latest.html"))
    cancelled = browser.evaluate(
        "Array.prototype.map.call(document.querySelectorAll('#marble-diagram .lane.cancelled text'), function (t) {"
        " return t.textContent; })")
    check(len(cancelled) == 1 and "PublishSubject<String> #2" in cancelled[0] and "cancelled" in cancelled[0],
          "flatmap-latest.html: the cancelled inner lanes are %r, not the first search's results" % cancelled)
    # The cancel mark sits after the second search's element and before the second results' b.
    placed = browser.evaluate(
        "(function () { var mark = document.querySelector('#marble-diagram .cancel[data-kind=\"cancelled\"] line');"
        " var search = document.querySelector('#marble-diagram .event[data-value=\"1\"] circle');"
        " var b = document.querySelector('#marble-diagram .event[data-value=\"b\"] circle');"
        " if (!mark || !search || !b) return null;"
        " var x = (Number(mark.getAttribute('x1')) + Number(mark.getAttribute('x2'))) / 2;"
        " return [Number(search.getAttribute('cx')), x, Number(b.getAttribute('cx'))]; })()")
    check(placed is not None and placed[0] < placed[1] < placed[2],
          "flatmap-latest.html: the cancel mark is not between the second search and b: %r" % placed)


def marble_axis(browser):
    """flatmap: the x axis switches from event order to the recorded time and back."""
    browser.open(page_url("flatmap.html"))
    check(browser.evaluate("document.getElementById('marble-diagram').dataset.axis") == "order",
          "flatmap.html: the marbles do not open in event order")
    check(browser.evaluate("document.querySelector('#marble-axis [data-axis=\"order\"]').getAttribute('aria-pressed')") == "true",
          "flatmap.html: the event order button is not pressed")
    browser.evaluate("document.getElementById('marble-axis').scrollIntoView({ block: 'center' })")
    browser.click('#marble-axis [data-axis="time"]')
    check(browser.evaluate("document.getElementById('marble-diagram').dataset.axis") == "time",
          "flatmap.html: the time button did not switch the x axis to time")
    labels = browser.evaluate(
        "Array.prototype.map.call(document.querySelectorAll('#marble-diagram .axis-label'), function (t) { return t.textContent; })")
    check(len(labels) == 2 and all(label.endswith(" ms") for label in labels),
          "flatmap.html in time: the axis reads %r, not times" % labels)
    # Left to right, the marbles go in the order of the times they were recorded at.
    times = browser.evaluate(
        "Array.prototype.map.call(document.querySelectorAll('#marble-diagram .event[data-event]'), function (g) {"
        " var shape = g.querySelector('circle') || g.querySelector('line') || g.querySelector('text');"
        " var x = Number(shape.getAttribute('cx') || shape.getAttribute('x1') || shape.getAttribute('x'));"
        " return [x, parseFloat(g.querySelector('title').textContent.split(' · ').filter(function (p) {"
        " return / ms$/.test(p); })[0])]; }).sort(function (a, b) { return a[0] - b[0]; }).map(function (p) { return p[1]; })")
    check(len(times) == 10 and times == sorted(times), "flatmap.html in time: marbles left to right at %r ms" % times)
    browser.click('#marble-axis [data-axis="order"]')
    labels = browser.evaluate(
        "Array.prototype.map.call(document.querySelectorAll('#marble-diagram .axis-label'), function (t) { return t.textContent; })")
    check(browser.evaluate("document.getElementById('marble-diagram').dataset.axis") == "order"
          and labels == ["event 0", "event 9"],
          "flatmap.html: back in event order, the axis reads %r" % labels)


def layout(browser, screenshots):
    """Flow tree, source and marbles on screen at 1400×900, nothing cut off; usable at 800."""
    for size, name in [((1400, 900), "step-wide.png"), ((800, 900), "step-narrow.png")]:
        browser.resize(size)
        browser.open(page_url("share-replay.html", "step=59"))
        boxes = browser.evaluate(
            "['flow-panel', 'source-panel', 'marble-panel'].map(function (id) {"
            " var r = document.getElementById(id).getBoundingClientRect(); return [id, r.top, r.bottom, r.width]; })")
        for panel, top, bottom, width in boxes:
            if size[0] == 1400:
                check(bottom <= size[1], "at 1400×900 %s ends at %d, below the window" % (panel, bottom))
            check(width >= 300, "at %d px %s is %d px wide" % (size[0], panel, width))
        check(browser.evaluate("document.documentElement.scrollWidth") <= size[0],
              "at %d px the page scrolls sideways" % size[0])
        # Every row's file:line stays inside the flow tree.
        cut = browser.evaluate(
            "(function () { var box = document.getElementById('flow-tree').getBoundingClientRect();"
            " return Array.prototype.filter.call(document.querySelectorAll('#flow-tree .place'), function (p) {"
            " return p.getBoundingClientRect().right > box.right + 1; }).length; })()")
        check(cut == 0, "at %d px %d file:line columns are cut off" % (size[0], cut))
        browser.screenshot(os.path.join(screenshots, name))
        check(os.path.getsize(os.path.join(screenshots, name)) > 1000, "no screenshot %s" % name)
    browser.resize((1400, 900))
    browser.open(page_url("subject-never-completes.html"))
    browser.click("#leaks-button")
    top = browser.evaluate("document.getElementById('leaks').getBoundingClientRect().top")
    check(0 <= top < 900, "the leaks button does not bring the leaks into view (top %r)" % top)


def main():
    chromium = sys.argv[1] if len(sys.argv) > 1 else "chromium"
    for page in ["empty.html", "subject-never-completes.html", "flatmap.html", "flatmap-latest.html"]:
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
    # The instrumentation is folded: the step's TraceCall.enter line gives its highlight to
    # the function it is in.
    check("func subscribe" in line, "empty.html: the highlighted line is %r, not Empty.subscribe's declaration" % line)
    check("github.com/ReactiveX/RxSwift/blob/6.10.2/RxSwift/Observables/Empty.swift#L" in dom,
          "empty.html: no link to the line of RxSwift's Empty.swift that Empty.subscribe mirrors")
    check(re.search(r'id="marble-diagram".*data-kind="completed"', dom, re.S) is not None,
          "empty.html: the marble diagram has no .completed")

    # subject-never-completes: the leak first, its subscribe line linked and highlighted.
    dom = load(chromium, "subject-never-completes.html") or ""
    site = element_text(dom, "leak-1-site") or ""
    check(site == "RxExamples/SubjectNeverCompletesExample.swift:25",
          "subject-never-completes.html: the leak's subscribe line is %r" % site)
    check(dom.find('id="explorer"') < dom.find('id="leaks"'), "subject-never-completes.html: the leaks come before the explorer")
    check('id="leaks-button" class="has-leaks"' in dom, "subject-never-completes.html: no button to the leaks")
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
    interact(chromium, screenshots)
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
