#!/usr/bin/env bash
# Builds and runs Tests/Fixtures/LeakCheckFixture, a package that uses RxTesting as an app's
# tests would, and checks what the leak check did there: the leaking test failed with exactly
# the text in Tests/Fixtures/LeakCheckFixture/expected-failure.txt (which names the line that
# subscribed), the clean test that ran beside it passed, and Documentation/Testing.md shows
# the same text. RXTRACE_RECORD=1 rewrites the expected text, and the documents' copies,
# instead of comparing.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
fixture="$root/Tests/Fixtures/LeakCheckFixture"
expected="$fixture/expected-failure.txt"

# The fixture builds in a scratch folder of its own, next to a link named after the package
# it depends on, so that nothing it builds lands in the repository.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
ln -s "$root" "$work/RxTrace"
cp -R "$fixture" "$work/LeakCheckFixture"
rm -rf "$work/LeakCheckFixture/.build"

start=$SECONDS
status=0
(cd "$work/LeakCheckFixture" && swift test) >"$work/output.txt" 2>&1 || status=$?
echo "check-leak-fixture: built and ran the fixture in $((SECONDS - start)) s (exit status $status)"

fail() {
    echo "check-leak-fixture: $1" >&2
    echo "--- swift test output ---" >&2
    cat "$work/output.txt" >&2
    exit 1
}

[ "$status" -ne 0 ] || fail "the fixture's tests passed, but its leaking test should have failed"
grep -q "✔ Test disposesItsSubscription() passed" "$work/output.txt" \
    || fail "the clean test did not pass beside the leaking one"
grep -q "✘ Test leaksASubscription() failed" "$work/output.txt" || fail "the leaking test did not fail"
grep -q "✔ Test mapDoublesEachElement() passed" "$work/output.txt" || fail "the marble test did not pass"

# Swift Testing prints the issue's first line after "↳ " and indents the others by two.
awk '/^↳ leaksASubscription\(\) leaked/ { on = 1; print substr($0, 5); next }
     on && /^✘ / { exit }
     on { print substr($0, 3) }' "$work/output.txt" >"$work/actual-failure.txt"

if [ "${RXTRACE_RECORD:-}" = "1" ]; then
    cp "$work/actual-failure.txt" "$expected"
    # The documents quote it between their markers, in a code block.
    for document in Documentation/Testing.md README.md; do
        python3 - "$root/$document" "$expected" <<'PYTHON'
import sys
document, expected = sys.argv[1], open(sys.argv[2]).read()
text = open(document).read()
begin, end = "<!-- BEGIN leak-failure -->\n", "<!-- END leak-failure -->"
start, stop = text.index(begin) + len(begin), text.index(end)
open(document, "w").write(text[:start] + "```\n" + expected + "```\n" + text[stop:])
PYTHON
    done
    echo "check-leak-fixture: recorded $expected and the documents that quote it"
else
    diff -u "$expected" "$work/actual-failure.txt" || fail "the leak failure differs from $expected"
fi

# Documentation/Testing.md and the README show the same failure between their pinned markers.
for document in Documentation/Testing.md README.md; do
    awk '/<!-- BEGIN leak-failure -->/ { on = 1; next } /<!-- END leak-failure -->/ { on = 0 } on && !/^```/' \
        "$root/$document" >"$work/documented-failure.txt"
    diff -u "$expected" "$work/documented-failure.txt" \
        || fail "$document's leak failure differs from $expected"
done

echo "check-leak-fixture: the leaking test failed with the expected report; the clean test beside it passed"
