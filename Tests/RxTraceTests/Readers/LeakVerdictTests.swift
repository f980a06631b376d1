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
        let page = try HTMLReportRenderer().render(try HTMLReport(reader: reader, sources: SourceFiles(root: nil)))
        XCTAssertEqual(page.components(separatedBy: "<article class=\"leak\"").count, 2, "the page shows it once too")
        XCTAssertTrue(page.contains("<dt>found</dt><dd>3 times: subscriptions #1, #2, #3; in LeakVerdictTests."))
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
        XCTAssertTrue(
            text.hasSuffix(
                "\n  verdict        held by the test harness: XCTest keeps its test case instances until the process ends"),
            text)
        let page = try HTMLReportRenderer().render(try HTMLReport(reader: reader, sources: SourceFiles(root: nil)))
        XCTAssertTrue(page.contains("<h3>Held by the test harness</h3>"), "the page says what the text says")
    }

    // MARK: - Objects alive at the end

    func testTheObjectsOfARetainCycle_areKeptAliveByItsSubscription_andTakeItsVerdict() throws {
        weak var model: GreetingModel?
        let reader = try recordedTrace {
            let strong = GreetingModel()
            model = strong
        }
        defer { model?.name.onCompleted() }

        let report = try LeakFinder(reader: reader).report()
        let text = LeakReportRenderer().render(report)

        XCTAssertEqual(Set(report.liveObjects.map(\.verdict)), [.retaining], text)
        XCTAssertEqual(Set(report.liveObjects.map(\.holder)), [LiveObjectHolder(subscriptionIDs: [1])], text)
        XCTAssertEqual(LeakWording.liveObjectBlocks(report.liveObjects).count, 1, "one finding, one verdict")
        XCTAssertTrue(text.contains("  verdict        retaining: kept alive by Subscription #1 above\n"), text)
        XCTAssertTrue(text.contains("  fix            they are released with Subscription #1: see its fix above"), text)
        XCTAssertFalse(text.contains(LeakWording.objectAdvice), "no generic advice: \(text)")
    }

    func testAnObjectNoSubscriptionHolds_isRetaining_withAdviceToReleaseWhatReferencesIt() throws {
        var subject: PublishSubject<Int>?
        let reader = try recordedTrace {
            subject = PublishSubject<Int>()
        }
        defer { subject = nil }
        XCTAssertNotNil(subject, "alive at the end, as a property of the program would hold it")

        let report = try LeakFinder(reader: reader).report()
        let group = try XCTUnwrap(report.liveObjects.first)
        let text = LeakReportRenderer().render(report)

        XCTAssertEqual(group.verdict, .retaining)
        XCTAssertEqual(
            group.holder?.madeIn, "LeakVerdictTests.testAnObjectNoSubscriptionHolds_isRetaining_withAdviceToReleaseWhatReferencesIt()",
            "the function whose closure made it")
        XCTAssertFalse(report.isEmpty, "a leak: --fail-on-leaks fails")
        XCTAssertTrue(
            text.contains(
                "no open subscription holds them, so something of the program still references them"
            ), text)
        XCTAssertTrue(text.contains("  fix            release what references them (let its owner go"), text)
    }

    func testASchedulerHoldingADelaysWork_isPendingScheduledWork_namingTheSchedulerAndTheWork() throws {
        var subscription: Disposable?
        let reader = try recordedTrace {
            let scheduler = SerialDispatchQueueScheduler(qos: .default)
            subscription = Observable.just(1).delay(.seconds(60), scheduler: scheduler).subscribe(onNext: { _ in })
        }
        subscription?.dispose()

        let report = try LeakFinder(reader: reader).report()
        let text = LeakReportRenderer().render(report)
        let scheduler = try XCTUnwrap(report.liveObjects.first { $0.typeName == "SerialDispatchQueueScheduler" }, text)

        XCTAssertEqual(scheduler.verdict, .pendingScheduledWork, text)
        XCTAssertEqual(scheduler.holder?.pendingWork?.scheduledBy.hasPrefix("Delay"), true, text)
        XCTAssertTrue(
            text.contains("  verdict        pending scheduled work: SerialDispatchQueueScheduler #"), text)
        XCTAssertTrue(text.contains("still holds work Delay"), text)
    }

    func testATestSchedulerNeverStarted_isPendingScheduledWork_andSaysItWasNeverStarted() throws {
        var scheduler: TestScheduler?
        let reader = try recordedTrace {
            let testScheduler = TestScheduler(initialClock: 0)
            testScheduler.scheduleAt(100) {}
            scheduler = testScheduler
        }
        defer { scheduler = nil }
        XCTAssertNotNil(scheduler, "alive at the end")

        let report = try LeakFinder(reader: reader).report()
        let group = try XCTUnwrap(report.liveObjects.first { $0.typeName == "TestScheduler" })
        let text = LeakReportRenderer().render(report)

        XCTAssertEqual(group.verdict, .pendingScheduledWork, text)
        XCTAssertTrue(report.isEmpty, "pending work is no leak: \(text)")
        XCTAssertTrue(text.contains("TestScheduler #1 still holds work"), text)
        XCTAssertTrue(text.contains(", and was never started"), text)
        XCTAssertTrue(text.contains("No leaks: every subscription ended, and no object alive at the end is a leak"), text)
    }

    func testAStartedTestScheduler_holdsNoPendingWork() throws {
        var scheduler: TestScheduler?
        let reader = try recordedTrace {
            let testScheduler = TestScheduler(initialClock: 0)
            testScheduler.scheduleAt(100) {}
            testScheduler.start()
            scheduler = testScheduler
        }
        defer { scheduler = nil }
        XCTAssertNotNil(scheduler, "alive at the end")

        let report = try LeakFinder(reader: reader).report()

        XCTAssertEqual(report.liveObjects.first { $0.typeName == "TestScheduler" }?.verdict, .retaining)
    }

    // A global's scheduler comes from the function that made it, as a bag's does, so this reads
    // caller lines of a child process.
    func testASchedulerTopLevelCodeMade_isGlobalByDesign_asAGlobalsBagIs_inTextJSONAndThePage() throws {
        let path = Fixture.temporaryTracePath("global-scheduler")
        XCTAssertEqual(try Fixture.run(["global-scheduler"], environment: ["RXTRACE_FILE": path]), .exited(0))
        let reader = try TraceReader(path: path)

        let report = try LeakFinder(reader: reader).report()
        let text = LeakReportRenderer().render(report)
        let json = String(decoding: try JSONText.encoder().encode(report), as: UTF8.self)
        let page = try HTMLReportRenderer().render(try HTMLReport(reader: reader, sources: SourceFiles(root: nil)))

        XCTAssertEqual(
            Set(report.liveObjects.map(\.typeName)), ["SerialDispatchQueueScheduler", "PublishSubject<Int>"], text)
        XCTAssertEqual(Set(report.liveObjects.map(\.verdict)), [.globalByDesign], text)
        XCTAssertTrue(report.isEmpty, "no leak: --fail-on-leaks passes: \(text)")
        let verdict = try XCTUnwrap(report.liveObjects.first.map(LeakWording.verdictText))
        XCTAssertTrue(verdict.hasPrefix("global by design: made by "), verdict)
        XCTAssertTrue(verdict.hasSuffix("top-level code or a global's initializer, so a global holds them until the program exits"))
        XCTAssertTrue(text.contains("  verdict        " + verdict), text)
        XCTAssertTrue(text.contains("  fix            nothing to do"), text)
        XCTAssertTrue(json.contains("\"verdict\" : \"global_by_design\""), json)
        XCTAssertTrue(page.contains(HTMLReportRenderer().escaped(verdict)), "the page says what the text says")
    }
}

/// A test case whose stored properties hold Rx objects, as many real ones do.
final class HarnessCase: XCTestCase {
    let scheduler = TestScheduler(initialClock: 0)
    let subject = PublishSubject<Int>()
}
