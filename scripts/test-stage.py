#!/usr/bin/env python3
"""Runs one stage of scripts/test.sh, bounds it in time, and writes down what it counted.

Usage: scripts/test-stage.py NAME RESULTS [--xctest] [--test-limit S] [--stage-limit S] -- COMMAND...

The command's output goes through to this script's, line by line. When the stage ends, one
line is appended to the file RESULTS: `NAME<TAB>passed<TAB>failed<TAB>skipped<TAB>failures`,
failures being the failed tests' (or checks') names separated by `; `. scripts/test.sh adds
these lines up into the run's closing line.

How a stage is counted:
- `--xctest`: every `Test Case 'Class.test' passed/failed/skipped` line XCTest prints counts
  one test. A test that has started and has not ended after `--test-limit` seconds (a hang: a
  loop that never ends, a wait that is never signalled) is named, its process group is
  killed, and the command runs again with `--skip` for it, so the tests after it still run.
  A test during which the process died (a trap, a signal) is named and skipped the same way.
  At most 3 such reruns; a test that ran twice is counted once, with its last result.
- otherwise: the last `N passed, N failed[, N skipped]` line the command printed, if any, is
  its count; a command that printed none counts as one check, passed when it exits 0.
  A non-zero exit with no failure counted counts one failure, named after the stage.
- `--stage-limit`: the whole stage, reruns included, is stopped after this many seconds and
  counts one failure saying so.

The exit status is 0 when the stage counted no failure, 1 otherwise.
"""

import os
import re
import signal
import subprocess
import sys
import threading
import time

TEST_LINE = re.compile(r"^Test Case '(?:-\[)?([\w.]+?)[ .](\w+)\]?' (started|passed|failed|skipped)")
COUNT_LINE = re.compile(r"(?:^|\s)(\d+) passed, (\d+) failed(?:, (\d+) skipped)?\s*$")
MAX_RERUNS = 3


def parse(argv):
    if "--" not in argv:
        sys.exit("usage: test-stage.py NAME RESULTS [--xctest] [--test-limit S] [--stage-limit S] -- COMMAND...")
    split = argv.index("--")
    options, command = argv[1:split], argv[split + 1:]
    name, results = options[0], options[1]
    settings = {"xctest": False, "test_limit": 300.0, "stage_limit": 3600.0}
    rest = options[2:]
    while rest:
        flag = rest.pop(0)
        if flag == "--xctest":
            settings["xctest"] = True
        elif flag == "--test-limit":
            settings["test_limit"] = float(rest.pop(0))
        elif flag == "--stage-limit":
            settings["stage_limit"] = float(rest.pop(0))
        else:
            sys.exit("test-stage.py: unknown option " + flag)
    return name, results, settings, command


class Run:
    """One run of the command: its output read on this thread, a watchdog on another."""

    def __init__(self, command, test_limit, deadline):
        self.command = command
        self.test_limit = test_limit
        self.deadline = deadline
        self.running_test = None
        self.started_at = None
        self.hung_test = None
        self.timed_out = False
        self.lock = threading.Lock()

    def watch(self, process):
        while process.poll() is None:
            time.sleep(1)
            with self.lock:
                now = time.monotonic()
                if self.running_test and now - self.started_at > self.test_limit:
                    self.hung_test = self.running_test
                elif now > self.deadline:
                    self.timed_out = True
                else:
                    continue
            os.killpg(process.pid, signal.SIGKILL)
            return

    def execute(self, on_line):
        process = subprocess.Popen(
            self.command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
            stdin=subprocess.DEVNULL,
        )
        watchdog = threading.Thread(target=self.watch, args=(process,), daemon=True)
        watchdog.start()
        for raw in process.stdout:
            line = raw.decode("utf-8", "replace")
            sys.stdout.write(line)
            sys.stdout.flush()
            on_line(self, line.rstrip("\n"))
        status = process.wait()
        watchdog.join(timeout=5)
        return status


def run_xctest(command, settings, deadline):
    results = {}  # "Class.test" -> "passed" | "failed" | "skipped", in order of first result
    notes = {}
    skips = []
    status = 0
    for attempt in range(MAX_RERUNS + 1):
        nesting = []  # the tests started and not ended: a test may run others inside it

        def on_line(run, line):
            match = TEST_LINE.match(line)
            if not match:
                return
            test = match.group(1).split(".")[-1] + "." + match.group(2)
            with run.lock:
                if match.group(3) == "started":
                    if not nesting:
                        run.running_test, run.started_at = test, time.monotonic()
                    nesting.append(test)
                    return
                if nesting:
                    nesting.pop()
                if not nesting:
                    # Only the outermost test counts: the ones it ran inside are its own business.
                    results[test] = match.group(3)
                    run.running_test = None

        run = Run(command + [argument for test in skips for argument in ("--skip", skip_pattern(test))],
                  settings["test_limit"], deadline)
        status = run.execute(on_line)
        if run.timed_out:
            return results, notes, "stopped after %d s (the stage's limit)" % settings["stage_limit"]
        stuck = run.hung_test or (run.running_test if status != 0 else None)
        if not stuck:
            break
        results[stuck] = "failed"
        notes[stuck] = ("hung: no result after %d s, killed" % settings["test_limit"]) if run.hung_test \
            else "the test process died during it (exit status %d)" % status
        print("test-stage: %s %s; running the stage again without it" % (stuck, notes[stuck]), flush=True)
        skips.append(stuck)
        if attempt == MAX_RERUNS:
            return results, notes, "stopped after %d reruns" % MAX_RERUNS
    problem = None
    if status != 0 and "failed" not in results.values():
        problem = "exited with status %d and no failed test" % status
    return results, notes, problem


def skip_pattern(test):
    """`--skip` (swift test's, scripts/xctest-run.py's) matches `Module.Class/test`: this
    names exactly one test."""
    test_class, method = test.split(".")
    return r"\.%s/%s$" % (re.escape(test_class), re.escape(method))


def run_plain(command, settings, deadline):
    last_count = []

    def on_line(_, line):
        match = COUNT_LINE.search(line)
        if match:
            last_count[:] = [int(match.group(1)), int(match.group(2)), int(match.group(3) or 0)]

    run = Run(command, float("inf"), deadline)
    status = run.execute(on_line)
    return status, run.timed_out, last_count


def main():
    name, results_file, settings, command = parse(sys.argv)
    deadline = time.monotonic() + settings["stage_limit"]
    failures = []
    if settings["xctest"]:
        results, notes, problem = run_xctest(command, settings, deadline)
        counts = [list(results.values()).count(kind) for kind in ("passed", "failed", "skipped")]
        failures = [test + (" (%s)" % notes[test] if test in notes else "")
                    for test, result in results.items() if result == "failed"]
        if problem:
            counts[1] += 1
            failures.append("%s: %s" % (name, problem))
    else:
        status, timed_out, counts = run_plain(command, settings, deadline)
        if timed_out:
            counts = [counts[0] if counts else 0, 1, counts[2] if counts else 0]
            failures.append("%s: stopped after %d s (the stage's limit)" % (name, settings["stage_limit"]))
        elif not counts:
            counts = [1, 0, 0] if status == 0 else [0, 1, 0]
            if status != 0:
                failures.append("%s (exit status %d)" % (name, status))
        elif status != 0 and counts[1] == 0:
            counts[1] += 1
            failures.append("%s (exit status %d)" % (name, status))
        elif counts[1]:
            failures.append("%s (%d failed)" % (name, counts[1]))
    with open(results_file, "a") as results:
        results.write("\t".join([name] + [str(count) for count in counts] + ["; ".join(failures)]) + "\n")
    print("test-stage: %s: %d passed, %d failed, %d skipped" % (name, counts[0], counts[1], counts[2]), flush=True)
    return 1 if counts[1] else 0


if __name__ == "__main__":
    sys.exit(main())
