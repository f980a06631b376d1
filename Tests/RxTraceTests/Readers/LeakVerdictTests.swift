import Dispatch
import RxCore
@testable import RxTrace
import RxTesting
import XCTest

/// Every leak finding carries a verdict, so a reader knows which to act on: the retain cycle
/// through a bag, a subscription that holds nothing any more, one that scheduled work holds,
/// and the same leak found several times, reported once.
final class LeakVerdictTests: RxTraceTestCase {
    /// A model that captures itself strongly in a subscription kept in its own bag.
    final class GreetingModel {
        let name = PublishSubject<String>()
        var greeting = ""
        let bag = DisposeBag()

        init() {
            name.subscribe(onNext: { self.greeting = $0 }).disposed(by: bag)
        }
    }

    func testARetainCycleThroughABag_isRetaining_namesTheBagAndAdvisesAWeakCapture() throws {
        weak var model: GreetingModel?
        let reader = try recordedTrace {
            let strong = GreetingModel()
            model = strong
        }
        defer { model?.name.onCompleted() }

        let report = try LeakFinder(reader: reader).report()
        let open = try XCTUnwrap(report.openSubscriptions.first)
        let text = LeakReportRenderer().render(report)

        XCTAssertEqual(open.verdict, .retaining)
        XCTAssertEqual(open.bag?.bag, "DisposeBag #2")
        XCTAssertEqual(open.bag?.isAliveAtEnd, true)
        XCTAssertEqual(open.bag?.madeAt?.file, "RxTraceTests/LeakVerdictTests.swift")
        XCTAssertTrue(text.contains("in bag         DisposeBag #2, made at RxTraceTests/LeakVerdictTests.swift:"), text)
        XCTAssertTrue(text.contains("retain cycle"), text)
        XCTAssertTrue(text.contains("[weak self] or [unowned self]"), text)
        XCTAssertFalse(text.contains("add it to a DisposeBag"), text)
    }

    func testASubscriptionWhoseSourceWasReleased_isNeverEndedButReleased() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            _ = subject.subscribe(onNext: { _ in })
        }

        let report = try LeakFinder(reader: reader).report()
        let open = try XCTUnwrap(report.openSubscriptions.first)
        let text = LeakReportRenderer().render(report)

        XCTAssertEqual(open.verdict, .neverEndedButReleased)
        XCTAssertTrue(open.alive.isEmpty)
        XCTAssertTrue(text.contains("verdict        never ended but released: nothing it held outlived it"), text)
        XCTAssertTrue(text.contains("harmless today"), text)
    }

    func testASubscriptionADelayStillHolds_isPendingScheduledWork_namingTheScheduler() throws {
        var subscription: Disposable?
        let reader = try recordedTrace {
            let scheduler = SerialDispatchQueueScheduler(qos: .default)
            subscription = Observable.just(1).delay(.seconds(60), scheduler: scheduler).subscribe(onNext: { _ in })
        }
        subscription?.dispose()

        let report = try LeakFinder(reader: reader).report()
        let open = try XCTUnwrap(report.openSubscriptions.first)

        XCTAssertEqual(open.verdict, .pendingScheduledWork)
        XCTAssertEqual(open.pendingWork?.scheduledBy.hasPrefix("Delay"), true, "\(String(describing: open.pendingWork))")
        XCTAssertEqual(open.pendingWork?.scheduler.hasPrefix("SerialDispatchQueueScheduler #"), true, "\(String(describing: open.pendingWork))")
        XCTAssertFalse(LeakVerdict.pendingScheduledWork.isLeak)
    }

    func testTheSameLeakFoundThreeTimes_isReportedOnceWithItsCount() throws {
        let subject = PublishSubject<Int>()
        var line: UInt = 0
        let reader = try recordedTrace {
            for _ in 0..<3 {
                line = #line; _ = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
            }
        }
        defer { subject.onCompleted() }

        let report = try LeakFinder(reader: reader).report()
        let text = LeakReportRenderer().render(report)

        XCTAssertEqual(report.openSubscriptions.count, 3)
        XCTAssertEqual(LeakWording.identicalGroups(report.openSubscriptions).map(\.count), [3])
        XCTAssertEqual(text.components(separatedBy: "subscribed at  RxTraceTests/LeakVerdictTests.swift:\(line)").count, 2, text)
        XCTAssertTrue(text.contains("  found          3 times: subscriptions #1, #2, #3"), text)
    }

    func testObjectsAnXCTestCasesStoredPropertiesHold_areHeldByTheTestHarness_notLeaks() throws {
        var testCase: HarnessCase?
        let reader = try recordedTrace {
            // As XCTest makes each test case before running it, and keeps it to the end.
            testCase = HarnessCase(name: "testNothing") { _ in }
        }
        let report = try LeakFinder(reader: reader).report()
        let text = LeakReportRenderer().render(report)
        XCTAssertNotNil(testCase, "alive at the end, as XCTest keeps it")
        testCase = nil

        XCTAssertTrue(report.isEmpty, text)
        XCTAssertEqual(report.heldByTestHarness?.map(\.typeName).sorted(), ["PublishSubject<Int>", "TestScheduler"], text)
        XCTAssertTrue(text.contains("Held by the test harness, not leaks: XCTest keeps each test case instance"), text)
        let page = try HTMLReportRenderer().render(try HTMLReport(reader: reader, sources: SourceFiles(root: nil)))
        XCTAssertTrue(page.contains("<h3>Held by the test harness</h3>"), "the page says what the text says")
    }
}

/// A test case whose stored properties hold Rx objects, as many real ones do.
final class HarnessCase: XCTestCase {
    let scheduler = TestScheduler(initialClock: 0)
    let subject = PublishSubject<Int>()
}
