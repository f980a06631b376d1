// RxTesting's own: RxSwift's tests compare `Resources.total` before and after each test, but
// the check is compiled out on current compilers; this one is always on.

import RxCore
import RxTrace
import XCTest

/// The base class for XCTest cases whose tests must not leak Rx objects: a test fails when it
/// ends with Rx objects it created still alive, or with a subscription it made neither
/// disposed nor terminated.
///
/// Derive the test class from it instead of `XCTestCase`; nothing else changes.
///
/// Each test runs in its own ``TraceScope``, so the failure names what this test left
/// behind: the type and count of the live objects, the line that subscribed, the chain of
/// the subscription, and what to do. The check runs after `tearDown`, so objects a test
/// keeps in properties must be released there. `Resources.total` is compared too (XCTest
/// runs one test at a time), which catches objects made on other threads. Before failing,
/// the check waits up to a second for objects released on other queues. The failure is
/// recorded at the leaking `subscribe` when it lies in the test's file, else at the test
/// method (see ``TestMethodLocation``).
open class RxLeakCheckedTestCase: XCTestCase {
    /// Runs the test (with its `setUp` and `tearDown`) inside a ``TraceScope``, then checks
    /// what it left behind.
    open override func invokeTest() {
        let check = LeakCheck(testName: name, countsResources: true)
        TraceScope.$current.withValue(check.scope) {
            super.invokeTest()
        }
        if let message = check.finish() {
            if let location = failureLocation(for: message.report) {
                recordFailure(
                    withDescription: message.text, inFile: location.path, atLine: location.line, expected: true)
            } else {
                XCTFail(message.text)
            }
        }
    }

    /// Where the failure points: the leaking subscribe in the test's file, or the test method.
    private func failureLocation(for report: LeakReport) -> TestMethodLocation? {
        // `name` is `Class.method` on Linux and `-[Class method]` on Apple platforms.
        let parts = name.trimmingCharacters(in: CharacterSet(charactersIn: "-[]"))
            .split(whereSeparator: { $0 == "." || $0 == " " })
        let module = String(reflecting: type(of: self)).split(separator: ".").first.map(String.init) ?? ""
        guard parts.count == 2 else { return nil }
        return TestMethodLocation(module: module, className: String(parts[0]), method: String(parts[1]), report: report)
    }
}
