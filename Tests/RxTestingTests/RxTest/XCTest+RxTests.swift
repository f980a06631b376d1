import RxCore
import RxTesting
import XCTest

/// A test class run by ``XCTestRxTests`` inside its own tests, to see the trait overloads of
/// `XCTAssertEqual` fail; XCTest does not run it on its own (it has no `test` methods).
final class TraitAssertionCase: XCTestCase {
    /// The failures the assertions reported, kept here instead of failing the outer test.
    nonisolated(unsafe) static var failures: [String] = []

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        Self.failures.append(description)
    }

    func compareDifferentSingleEvents() {
        XCTAssertEqual([SingleEvent<Int>.success(1)], [.success(2)])
        XCTAssertEqual([SingleEvent<Int>.success(1)], [.failure(TestError.boom)])
        XCTAssertEqual([SingleEvent<Int>.failure(TestError.boom)], [.failure(TestError.other)])
        XCTAssertEqual([SingleEvent<Int>.success(1)], [])
    }

    func compareDifferentMaybeEvents() {
        XCTAssertEqual([MaybeEvent<Int>.success(1)], [.completed])
        XCTAssertEqual([MaybeEvent<Int>.error(TestError.boom)], [.error(TestError.other)])
    }

    func compareDifferentCompletableEvents() {
        XCTAssertEqual([CompletableEvent.completed], [.error(TestError.boom)])
        XCTAssertEqual([CompletableEvent.error(TestError.boom)], [.error(TestError.other)])
    }
}

final class XCTestRxTests: RxTestingTestCase {
    override func setUp() {
        super.setUp()
        TraitAssertionCase.failures = []
    }

    private func failures(of method: @escaping (TraitAssertionCase) -> () -> Void, named name: String) -> [String] {
        let testCase = TraitAssertionCase(name: name) { method($0 as! TraitAssertionCase)() }
        testCase.run()
        return TraitAssertionCase.failures
    }

    func testSingleEvents_EqualListsPass() {
        XCTAssertEqual([SingleEvent<Int>.success(1)], [.success(1)])
        XCTAssertEqual([SingleEvent<Int>.failure(TestError.boom)], [.failure(TestError.boom)])
        XCTAssertEqual([SingleEvent<Int>](), [])
    }

    func testSingleEvents_DifferentListsFailOncePerAssertion() {
        let failures = failures(of: TraitAssertionCase.compareDifferentSingleEvents, named: "compareDifferentSingleEvents")

        XCTAssertEqual(failures.count, 4)
        XCTAssertEqual(failures.first, #"XCTAssertEqual failed: ("[Swift.Result<Swift.Int, Swift.Error>.success(1)]") is not equal to ("[Swift.Result<Swift.Int, Swift.Error>.success(2)]")"#)
    }

    func testMaybeEvents_EqualListsPass() {
        XCTAssertEqual([MaybeEvent<Int>.success(1), .completed], [.success(1), .completed])
        XCTAssertEqual([MaybeEvent<Int>.error(TestError.boom)], [.error(TestError.boom)])
    }

    func testMaybeEvents_DifferentListsFail() {
        XCTAssertEqual(failures(of: TraitAssertionCase.compareDifferentMaybeEvents, named: "compareDifferentMaybeEvents").count, 2)
    }

    func testCompletableEvents_EqualListsPass() {
        XCTAssertEqual([CompletableEvent.completed], [.completed])
        XCTAssertEqual([CompletableEvent.error(TestError.boom)], [.error(TestError.boom)])
    }

    func testCompletableEvents_DifferentListsFail() {
        XCTAssertEqual(
            failures(of: TraitAssertionCase.compareDifferentCompletableEvents, named: "compareDifferentCompletableEvents").count, 2
        )
    }

    func testRecordedEventsOfATrait_CompareAsEvents() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single.just(1).map { $0 + 1 } }

        XCTAssertEqual(res.events, [.next(200, 2), .completed(200)])
    }
}
