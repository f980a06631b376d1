import Dispatch
import Foundation
import RxCore
@testable import RxTesting
import RxTrace
import XCTest

final class LeakCheckTests: RxTestingTestCase {
    /// Runs `body` as a test named `name` under its own leak check; returns the failure
    /// message, if the check failed.
    private func check(_ name: String = "LeakyTests.testLeak", _ body: () -> Void) -> LeakFailureMessage? {
        let check = LeakCheck(testName: name, countsResources: false)
        TraceScope.$current.withValue(check.scope) {
            body()
        }
        return check.finish()
    }

    func testLeakCheck_LooksAgainAfter1MsDoublingTo50MsForAboutASecond() {
        let waits = (0..<LeakCheck.retryCount).map { LeakCheck.retryInterval(before: $0) }

        XCTAssertEqual(Array(waits.prefix(8)), [1, 2, 4, 8, 16, 32, 50, 50].map { .milliseconds($0) })
        XCTAssertEqual(waits.reduce(.zero, +), .milliseconds(1013))
    }

    func testLeakCheck_PassesWhenEverythingIsReleased() {
        let message = check {
            let subject = PublishSubject<Int>()
            let subscription = subject.map { $0 * 2 }.subscribe(onNext: { _ in })
            subject.onNext(1)
            subscription.dispose()
        }

        XCTAssertNil(message)
    }

    func testLeakCheck_PassesWhenTheSequenceCompleted() {
        let message = check {
            let subject = PublishSubject<Int>()
            _ = subject.map { $0 * 2 }.subscribe(onNext: { _ in })
            subject.onCompleted()
        }

        XCTAssertNil(message)
    }

    func testLeakCheck_NamesTheSubscribeLineTheChainAndWhatToDo() throws {
        var subject: PublishSubject<Int>?
        var line = 0

        let message = check {
            let leaky = PublishSubject<Int>()
            subject = leaky
            line = #line + 1
            _ = leaky.map { $0 * 2 }.subscribe(onNext: { _ in })
            leaky.onNext(1)
        }
        subject?.onCompleted()
        subject = nil

        XCTAssertEqual(try XCTUnwrap(message).text, """
            LeakyTests.testLeak leaked 1 subscription and 4 Rx objects:

            Subscription #1 to Map<Int, Int> #2 was never disposed, and its source never terminated.
              verdict        retaining: it keeps 4 objects alive
              subscribed at  RxTestingTests/LeakCheckTests.swift:\(line)
              built at       RxTestingTests/LeakCheckTests.swift:\(line) (map)
              chain          PublishSubject<Int> #1
                             └─ Map<Int, Int> #2 (map at RxTestingTests/LeakCheckTests.swift:\(line))
                                └─ AnonymousObserver<Int> #3
              held by        PublishSubject<Int> #1: it keeps its observers until it terminates, and it never did
                             └─ SinkDisposer #4, MapSink<…> #5: the subscription's sinks
                                └─ AnonymousObserver<Int> #3: the subscriber, with the closures passed at RxTestingTests/LeakCheckTests.swift:\(line)
              keeps alive    4 objects: 1 PublishSubject<Int>, 1 AnonymousObserver<Int>, 1 SinkDisposer, 1 MapSink<…>
              why            its Disposable was dropped and its source never terminated, so the source keeps its sinks and the subscriber's closures alive, with everything they capture
              fix            keep the Disposable that subscribe returns and dispose it, add it to a DisposeBag, or complete the source

            Rx objects alive when the test ended:
              1 ×  PublishSubject<Int>     #1  created outside any subscribe
              1 ×  AnonymousObserver<Int>  #3  created in the subscribe at RxTestingTests/LeakCheckTests.swift:\(line)
              1 ×  SinkDisposer            #4  created in the subscribe at RxTestingTests/LeakCheckTests.swift:\(line)
              1 ×  MapSink<…>              #5  created in the subscribe at RxTestingTests/LeakCheckTests.swift:\(line)
              verdict        retaining: kept alive by Subscription #1 above
              fix            they are released with Subscription #1: see its fix above

            #n numbers the objects and subscriptions the test made, in the order it made them.
            The check waited 1.0 s for objects released on other queues before failing.
            To keep the test's trace for `rxtrace report`, set RXTRACE_LEAK_TRACE_DIRECTORY to a folder.
            """)
    }

    func testLeakCheck_FailsASubscriptionLeftOpenEvenWhenItsObjectsAreAllReleased() throws {
        let message = check {
            let subject = PublishSubject<Int>()
            _ = subject.subscribe(onNext: { _ in })
        }

        let report = try XCTUnwrap(message, "the subscription was never disposed").report
        XCTAssertEqual(report.openSubscriptions.count, 1)
        XCTAssertEqual(report.liveObjects.count, 0)
    }

    func testLeakCheck_WaitsForObjectsReleasedOnAnotherQueue() {
        let message = check {
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { _ in })
            nonisolated(unsafe) let held = (subject, subscription)
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
                held.1.dispose()
                _ = held.0
            }
        }

        XCTAssertNil(message, "released 0.2 s after the test returned, within the check's second")
    }

    func testLeakCheck_ATestWithItsOwnRecorderIsCheckedByResourcesTotal() throws {
        let check = LeakCheck(testName: "RecorderTests.testOwnRecorder", countsResources: true)
        var subject: PublishSubject<Int>?
        TraceScope.$current.withValue(check.scope) {
            let leakCheckRecorder = Instrumentation.recorder
            Instrumentation.bootstrapInternal(NoOpTraceRecorder())
            let leaky = PublishSubject<Int>()
            _ = leaky.subscribe(onNext: { _ in })
            subject = leaky
            Instrumentation.bootstrapInternal(leakCheckRecorder)
        }

        let message = try XCTUnwrap(check.finish())
        subject?.onCompleted()
        subject = nil

        XCTAssertTrue(message.report.isEmpty, "the tracker did not see the test's objects")
        XCTAssertEqual(message.untracedObjectCount, 3, "the subject counts twice, its observer once")
    }

    func testLeakCheck_ATestBesideOthersWhoseRecorderWasDisplacedFailsAsUnchecked() throws {
        let check = LeakCheck(testName: "ParallelTests.testOwnRecorder", countsResources: false, retryCount: 0)
        TraceScope.$current.withValue(check.scope) {
            let leakCheckRecorder = Instrumentation.recorder
            Instrumentation.bootstrapInternal(NoOpTraceRecorder())
            Instrumentation.bootstrapInternal(leakCheckRecorder)
        }

        let message = try XCTUnwrap(check.finish(), "a check that could not see the test must not pass")
        XCTAssertEqual(message.text, """
            ParallelTests.testOwnRecorder could not be checked for leaks: another TraceRecorder was installed while it ran \
            beside other tests, so the check could not see what it created.
              fix            run tests that install a TraceRecorder of their own one at a time (XCTest, or `swift test --no-parallel`)
            """)
    }

    func testLeakCheck_ChargesEachScopeOnlyWithWhatItMade() {
        let leakingScope = TraceScope(name: "leaking")
        var subject: PublishSubject<Int>?
        TraceScope.$current.withValue(leakingScope) {
            let leaky = PublishSubject<Int>()
            _ = leaky.subscribe(onNext: { _ in })
            subject = leaky
        }

        let cleanMessage = check("CleanTests.testClean") {
            let clean = PublishSubject<Int>()
            let subscription = clean.subscribe(onNext: { _ in })
            subscription.dispose()
        }

        XCTAssertNil(cleanMessage, "the other scope's leak is not charged to this one")
        XCTAssertFalse(LeakTracker.shared.isClean(leakingScope))
        subject?.onCompleted()
        subject = nil
        XCTAssertTrue(LeakTracker.shared.isClean(leakingScope))
    }
}

/// A test class run by ``RxLeakCheckedTestCaseTests`` inside its own tests, to see the base
/// class fail a leaking test; XCTest does not run it on its own (it has no `test` methods).
final class LeakingCase: RxLeakCheckedTestCase {
    nonisolated(unsafe) static var leaked: PublishSubject<Int>?
    nonisolated(unsafe) static var subscribeLine = 0
    /// The failures the leak check reported, kept here instead of failing the outer test.
    nonisolated(unsafe) static var failures: [String] = []
    /// Where each failure was recorded: `file:line`.
    nonisolated(unsafe) static var failureLocations: [String] = []

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        Self.failures.append(description)
        Self.failureLocations.append("\(filePath):\(lineNumber)")
    }

    /// A model that greets the name it is sent, and captures itself strongly in a subscription
    /// it keeps in its own bag: the commonest leak.
    final class GreetingModel {
        let name = PublishSubject<String>()
        var greeting = ""
        let bag = DisposeBag()

        init() {
            name.subscribe(onNext: { self.greeting = $0 }).disposed(by: bag)
        }
    }

    /// The model of ``leakThroughACycle()``, held weakly: only its cycle keeps it.
    nonisolated(unsafe) static weak var cycle: GreetingModel?

    func leakThroughACycle() {
        let model = GreetingModel()
        Self.cycle = model
    }

    func leakThroughAHelper() {
        let subject = PublishSubject<Int>()
        subscribeAndForget(subject)
        Self.leaked = subject
    }

    func leakASubscription() {
        let subject = PublishSubject<Int>()
        Self.subscribeLine = #line + 1
        _ = subject.subscribe(onNext: { _ in })
        Self.leaked = subject
    }

    func releaseEverything() {
        let subject = PublishSubject<Int>()
        subject.subscribe(onNext: { _ in }).dispose()
    }
}

final class RxLeakCheckedTestCaseTests: RxTestingTestCase {
    override func setUp() {
        super.setUp()
        LeakingCase.failures = []
        LeakingCase.failureLocations = []
    }

    func testRxLeakCheckedTestCase_ARetainCycleThroughABag_IsReportedAsOneWithAWeakSelfFix() throws {
        let leaking = LeakingCase(name: "leakThroughACycle") { ($0 as! LeakingCase).leakThroughACycle() }

        leaking.run()
        // Breaks the cycle: the subscription ends, its closure goes, and the model with it.
        LeakingCase.cycle?.name.onCompleted()

        XCTAssertNil(LeakingCase.cycle)
        let failure = try XCTUnwrap(LeakingCase.failures.first)
        XCTAssertTrue(failure.contains("  verdict        retaining: it is in DisposeBag #3, which was never released"), failure)
        XCTAssertTrue(failure.contains("  in bag         DisposeBag #3, made at RxTestingTests/LeakCheckTests.swift:"), failure)
        XCTAssertTrue(failure.contains("retain cycle, owner → bag → this subscription → its closure → owner"), failure)
        XCTAssertTrue(failure.contains("  fix            capture the owner weakly in this subscription's closures: [weak self]"), failure)
        XCTAssertFalse(failure.contains("add it to a DisposeBag"), failure)
    }

    func testRxLeakCheckedTestCase_RecordsTheFailureAtTheLeakingSubscribeInTheTestsFile() throws {
        let leaking = LeakingCase(name: "leakASubscription") { ($0 as! LeakingCase).leakASubscription() }

        leaking.run()
        LeakingCase.leaked?.onCompleted()
        LeakingCase.leaked = nil

        XCTAssertEqual(LeakingCase.failureLocations, ["\(#filePath):\(LeakingCase.subscribeLine)"])
    }

    func testRxLeakCheckedTestCase_RecordsTheFailureAtTheTestMethodWhenTheLeakIsInAnotherFile() throws {
        let leaking = LeakingCase(name: "leakThroughAHelper") { ($0 as! LeakingCase).leakThroughAHelper() }

        leaking.run()
        LeakingCase.leaked?.onCompleted()
        LeakingCase.leaked = nil

        let source = try String(contentsOfFile: "\(#filePath)", encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let methodLine = try XCTUnwrap(source.firstIndex { $0.contains("func leakThroughAHelper(") }) + 1
        XCTAssertEqual(LeakingCase.failureLocations, ["\(#filePath):\(methodLine)"])
        XCTAssertTrue(try XCTUnwrap(LeakingCase.failures.first).contains("subscribed at  RxTestingTests/LeakingHelper.swift:"))
    }

    func testRxLeakCheckedTestCase_FailsALeakingTestWithTheMessage() throws {
        let leaking = LeakingCase(name: "leakASubscription") { ($0 as! LeakingCase).leakASubscription() }

        leaking.run()
        LeakingCase.leaked?.onCompleted()
        LeakingCase.leaked = nil

        let line = LeakingCase.subscribeLine
        XCTAssertEqual(LeakingCase.failures, ["""
            LeakingCase.leakASubscription leaked 1 subscription and 2 Rx objects:

            Subscription #1 to PublishSubject<Int> #1 was never disposed, and its source never terminated.
              subscribed at  RxTestingTests/LeakCheckTests.swift:\(line)
              chain          PublishSubject<Int> #1 → AnonymousObserver<Int> #2
              keeps alive    PublishSubject<Int> #1, AnonymousObserver<Int> #2
              fix            keep the Disposable that subscribe returns and dispose it, add it to a DisposeBag, or complete the source

            Rx objects alive when the test ended:
              1 ×  PublishSubject<Int>     #1  created outside any subscribe
              1 ×  AnonymousObserver<Int>  #2  created in the subscribe at RxTestingTests/LeakCheckTests.swift:\(line)
              fix            release them: dispose the subscriptions that hold them, or end their sequences

            #n numbers the objects and subscriptions the test made, in the order it made them.
            The check waited 1.0 s for objects released on other queues before failing.
            To keep the test's trace for `rxtrace report`, set RXTRACE_LEAK_TRACE_DIRECTORY to a folder.
            """])
    }

    func testRxLeakCheckedTestCase_WritesTheTestsTraceWhenAskedTo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leak-traces-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        setenv(LeakCheck.traceDirectoryVariable, directory.path, 1)
        let leaking = LeakingCase(name: "leakASubscription") { ($0 as! LeakingCase).leakASubscription() }

        leaking.run()
        unsetenv(LeakCheck.traceDirectoryVariable)
        LeakingCase.leaked?.onCompleted()
        LeakingCase.leaked = nil

        let path = directory.appendingPathComponent("LeakingCase.leakASubscription.sqlite").path
        XCTAssertTrue(try XCTUnwrap(LeakingCase.failures.first).hasSuffix(
            "The test's trace is \(path); read it with `rxtrace report \(path)`."
        ))
        let report = try LeakFinder(reader: TraceReader(path: path)).report()
        XCTAssertEqual(report.openSubscriptions.map(\.subscription.line), [LeakingCase.subscribeLine])
        XCTAssertEqual(report.openSubscriptions.first?.subscription.file, "RxTestingTests/LeakCheckTests.swift")
    }

    func testRxLeakCheckedTestCase_PassesACleanTest() throws {
        let clean = LeakingCase(name: "releaseEverything") { ($0 as! LeakingCase).releaseEverything() }

        clean.run()

        XCTAssertEqual(LeakingCase.failures, [])
        XCTAssertEqual(try XCTUnwrap(clean.testRun).failureCount, 0)
    }
}
