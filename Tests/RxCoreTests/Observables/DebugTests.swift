import Foundation
@testable import RxCore
import RxTesting
import RxTrace
import Synchronization
import XCTest

/// A recorder that keeps the names and details of the steps, and the assembly sites.
private final class StepRecorder: TraceRecorder {
    struct State {
        var lastID: Int64 = 0
        var steps: [(name: String, detail: String?)] = []
        var assemblies: [(name: String, site: String)] = []
    }

    let state = LockedState(State())

    var isRecordingValues: Bool { true }

    private func nextID() -> Int64 {
        state.withLock { state in
            state.lastID += 1
            return state.lastID
        }
    }

    func objectInitialized(_ type: Any.Type) -> ObjectID { ObjectID(rawValue: nextID()) }
    func objectDeinitialized(_ object: ObjectID) {}

    func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail?, file: StaticString, line: UInt
    ) -> CallID {
        state.withLock { $0.steps.append(("\(name)", detail?.description)) }
        return CallID(rawValue: nextID())
    }

    func callExited(_ call: CallID) {}
    func eventDelivered(_ kind: EventKind, value: TraceValue?, from source: ObjectID, to observer: ObjectID) {}

    func subscriptionStarted(observable: ObjectID, observer: ObjectID, at site: CallSite) -> SubscriptionID {
        SubscriptionID(rawValue: nextID())
    }

    func subscriptionReturned(_ subscription: SubscriptionID, disposable: ObjectID) {}
    func subscriptionTerminated(_ subscription: SubscriptionID, by end: SubscriptionEnd) {}
    func objectDisposed(_ object: ObjectID) {}

    func observableAssembled(_ observable: ObjectID, by name: StaticString, at site: CallSite) {
        let location = LiveCallSites.location(of: site)
        state.withLock { $0.assemblies.append(("\(name)", "\(location.file):\(location.line)")) }
    }
}

/// The lines `debug` wrote during one test.
private final class PrintedLines: Sendable {
    private let lines = LockedState<[String]>([])

    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    var all: [String] { lines.withLock { $0 } }
}

final class DebugTests: RxCoreTestCase {
    private let lines = PrintedLines()
    private var previousWrite: DebugOutput.Write?
    private var previousNow: DebugOutput.Now?
    /// The fixed time every line is stamped with, and its text as `debug` formats it.
    private let fixedDate = Date(timeIntervalSince1970: 1_700_000_000.123)
    private var stamp = ""

    override func setUp() {
        super.setUp()
        previousWrite = DebugOutput.write
        previousNow = DebugOutput.now
        let lines = self.lines
        let fixedDate = self.fixedDate
        DebugOutput.write = { line in lines.append(line) }
        DebugOutput.now = { fixedDate }
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        stamp = formatter.string(from: fixedDate)
    }

    override func tearDown() {
        if let previousWrite { DebugOutput.write = previousWrite }
        if let previousNow { DebugOutput.now = previousNow }
        super.tearDown()
    }

    private var printed: [String] { lines.all }

    func testDebug_PrintsSubscriptionEventsAndDisposalInRxSwiftsFormat() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])

        let res = scheduler.start { xs.debug("numbers") }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(printed, [
            "\(stamp): numbers -> subscribed",
            "\(stamp): numbers -> Event next(2)",
            "\(stamp): numbers -> Event next(3)",
            "\(stamp): numbers -> Event completed",
            "\(stamp): numbers -> isDisposed",
        ])
    }

    func testDebug_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(250, TestError.boom)])

        let res = scheduler.start { xs.debug("numbers") }

        XCTAssertEqual(res.events, [.next(210, 2), .error(250, TestError.boom)])
        XCTAssertEqual(printed, [
            "\(stamp): numbers -> subscribed",
            "\(stamp): numbers -> Event next(2)",
            "\(stamp): numbers -> Event error(boom)",
            "\(stamp): numbers -> isDisposed",
        ])
    }

    func testDebug_DisposedBySubscriber_PrintsIsDisposedOnceAndNothingAfter() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(260, 3), .completed(300)])

        let res = scheduler.start(disposed: 240) { xs.debug("numbers") }

        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(printed, [
            "\(stamp): numbers -> subscribed",
            "\(stamp): numbers -> Event next(2)",
            "\(stamp): numbers -> isDisposed",
        ])
    }

    func testDebug_EachSubscriptionPrintsItsOwnLines() {
        let debugged = Observable.just(1).debug("one")

        _ = debugged.subscribe()
        _ = debugged.subscribe()

        XCTAssertEqual(printed.count, 8)
        XCTAssertEqual(printed.filter { $0.hasSuffix("subscribed") }.count, 2)
    }

    func testDebug_TrimOutput_CutsLongEventsToTheirFirstAndLastTwentyCharacters() {
        let long = String(repeating: "a", count: 30) + String(repeating: "b", count: 30)

        _ = Observable.just(long).debug("long", trimOutput: true).subscribe()
        _ = Observable.just(long).debug("whole").subscribe()

        // `next(` plus 15 a's, then `...`, then 19 b's and `)`.
        let trimmed = "next(" + String(repeating: "a", count: 15) + "..." + String(repeating: "b", count: 19) + ")"
        XCTAssertEqual(printed[1], "\(stamp): long -> Event \(trimmed)")
        XCTAssertEqual(printed[5], "\(stamp): whole -> Event next(\(long))")
    }

    func testDebug_TrimOutput_LeavesShortEventsWhole() {
        _ = Observable.just(1).debug("short", trimOutput: true).subscribe()

        XCTAssertEqual(printed[1], "\(stamp): short -> Event next(1)")
    }

    func testDebug_DefaultIdentifier_IsTheCallersFileLineAndFunction() {
        let line = #line + 1
        _ = Observable.just(1).debug().subscribe()

        XCTAssertEqual(printed.first, "\(stamp): DebugTests.swift:\(line) (testDebug_DefaultIdentifier_IsTheCallersFileLineAndFunction()) -> subscribed")
    }

    func testDebug_CompilesWithRxSwiftsCallForms() {
        _ = Observable.just(1).debug().subscribe()
        _ = Observable.just(1).debug("id").subscribe()
        _ = Observable.just(1).debug("id", trimOutput: true).subscribe()
        _ = Observable.just(1).debug(trimOutput: false).subscribe()
        _ = Observable.just(1).debug(nil, trimOutput: false, file: "Feature/Model.swift", line: 7, function: "load()").subscribe()

        XCTAssertEqual(printed.last, "\(stamp): Model.swift:7 (load()) -> isDisposed")
    }

    func testDebug_TraceShowsTheIdentifierAndTheCallSite() {
        let previousRecorder = Instrumentation.recorder
        let recorder = StepRecorder()
        Instrumentation.bootstrapInternal(recorder)
        let line = #line + 1
        _ = Observable.just(1).debug("traced").subscribe()
        Instrumentation.bootstrapInternal(previousRecorder)

        let (steps, assemblies) = recorder.state.withLock { ($0.steps, $0.assemblies) }
        XCTAssertEqual(steps.first { $0.name == "Debug.run" }?.detail, "traced")
        XCTAssertEqual(steps.first { $0.name == "DebugSink.on" }?.detail, "next(1)")
        XCTAssertEqual(assemblies.last?.name, "debug")
        XCTAssertEqual(assemblies.last?.site, "RxCoreTests/DebugTests.swift:\(line)")
    }
}
