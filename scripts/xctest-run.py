#!/usr/bin/env python3
"""Runs a package's XCTest binary directly, on a list of test classes instead of tests.

Usage: scripts/xctest-run.py BINARY [--skip-suites FILE] [--skip PATTERN]...

`swift test --filter`/`--skip` hands the XCTest binary every selected test's name in one
argument, and past about 1,500 tests that argument is longer than Linux allows one argument
to be (128 KiB): the run fails with "Argument list too long". This lists the binary's tests
(`--list-tests`), leaves out the classes FILE names (one per line, `#` for comments) and the
tests a PATTERN matches (a regular expression searched in `Module.Class/test`, as
`swift test --skip` does), and runs the binary on what remains: whole classes by name, and,
for a class with a test left out, its other tests one by one. Run it from the package's
folder, where `swift test` runs the tests. The binary's output and exit status are its own.
"""

import os
import re
import subprocess
import sys


def main():
    arguments = sys.argv[1:]
    if not arguments:
        sys.exit(__doc__)
    binary, skip_suites, skip_patterns = arguments[0], set(), []
    rest = arguments[1:]
    while rest:
        flag = rest.pop(0)
        if flag == "--skip-suites":
            with open(rest.pop(0)) as lines:
                skip_suites |= {line.strip() for line in lines if line.strip() and not line.startswith("#")}
        elif flag == "--skip":
            skip_patterns.append(re.compile(rest.pop(0)))
        else:
            sys.exit("xctest-run.py: unknown option " + flag)

    listed = subprocess.run([binary, "--list-tests"], capture_output=True, text=True, check=True).stdout.split()
    tests = [name for name in listed if "/" in name]
    by_class = {}
    for test in tests:
        by_class.setdefault(test.split("/")[0], []).append(test)
    selected = []
    for test_class, class_tests in by_class.items():
        if test_class.split(".")[-1] in skip_suites:
            continue
        kept = [test for test in class_tests if not any(pattern.search(test) for pattern in skip_patterns)]
        if len(kept) == len(class_tests):
            selected.append(test_class)
        else:
            selected += kept
    if not selected:
        print("xctest-run.py: no test left to run")
        return 0
    sys.stdout.flush()
    os.execv(binary, [binary, ",".join(selected)])


if __name__ == "__main__":
    sys.exit(main())
