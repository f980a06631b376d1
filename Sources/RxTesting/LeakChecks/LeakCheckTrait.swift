// RxTesting's own: the Swift Testing form of the leak check.

import RxCore
import Testing

/// A Swift Testing trait that fails a test when it ends with Rx objects it created still
/// alive, or with a subscription it made neither disposed nor terminated.
///
/// Apply it to a test, `@Test(.rxLeakCheck)`, or to a suite, `@Suite(.rxLeakCheck)`, which
/// checks each of the suite's tests separately. Tests run in parallel: each runs in its own
/// ``TraceScope``, every object and subscription is charged to the scope that created it, and
/// a leak is reported against the test that leaked, while the tests beside it pass. Before
/// failing, the check waits up to a second for objects released on other queues; the issue
/// it records is worded by ``LeakFailureMessage``.
public struct RxLeakCheckTrait: TestTrait, SuiteTrait, TestScoping {
    /// The check applies to every test of a suite it is applied to.
    public var isRecursive: Bool { true }

    /// Scopes each test case; a suite itself is not checked as a whole.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    /// Runs the test in its own ``TraceScope``, then records an issue naming what it left
    /// behind.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let check = LeakCheck(testName: test.displayName ?? test.name, countsResources: false)
        try await TraceScope.$current.withValue(check.scope) {
            try await function()
        }
        if let message = await check.finish() {
            Issue.record(Comment(rawValue: message.text), sourceLocation: test.sourceLocation)
        }
    }
}

extension Trait where Self == RxLeakCheckTrait {
    /// Fails the test (or each test of the suite) when it leaves Rx objects alive or a
    /// subscription open.
    public static var rxLeakCheck: Self {
        RxLeakCheckTrait()
    }
}
