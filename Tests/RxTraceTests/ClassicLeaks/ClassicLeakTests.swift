import Foundation
import LeakFixtureApp
import RxCore
@testable import RxTrace
import XCTest

/// One test per classic leak of real RxSwift code, each in the small app of
/// `Tests/Fixtures/LeakFixtureApp` (view models with relays, a Driver, flatMapLatest to a Single,
/// a bag per owner), and two harmless cases beside them: each records its scenario, reads the
/// leak report, and checks the verdict, what holds the leak (its retention path) and the advice,
/// as a user would read them.
final class ClassicLeakTests: RxTraceTestCase {
    /// The report of `reader`'s trace, with its text.
    private func leaks(_ reader: TraceReader) throws -> (report: LeakReport, text: String) {
        let report = try LeakFinder(reader: reader).report()
        return (report, LeakReportRenderer().render(report))
    }

    /// What holds `open`, root first, a line per node, as the report's `held by` tree lists it.
    private func retentionPath(_ open: OpenSubscription) -> [String] {
        LeakWording.retentionPath(of: open).flatMap { $0 }
    }

    /// `LeakFixtureApp/FILE:LINE` of the first line of the fixture's `file` that contains
    /// `code`, as `#fileID` names it in a trace.
    private func place(of code: String, in file: String) throws -> String {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/LeakFixtureApp/\(file)").path
        let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        let index = try XCTUnwrap(lines.firstIndex { $0.contains(code) }, "\(file) has no line with \(code)")
        return "LeakFixtureApp/\(file):\(index + 1)"
    }

    // MARK: - Classic leaks

    func testTheRetainCycleThroughABag_isRetaining_namesTheBag_andAdvisesAWeakCapture() throws {
        weak var model: LoginViewModel?
        let reader = try recordedTrace {
            let strong = LoginViewModel(service: ImmediateLoginService())
            strong.greetStrongly()
            model = strong
        }
        // The cycle kept the model alive; a new bag breaks it, as `prepareForReuse` would.
        XCTAssertNotNil(model, "the cycle keeps the model alive")
        model?.disposeBag = DisposeBag()

        let (report, text) = try leaks(reader)
        let greeting = try place(of: "self.greeting = $0 }).disposed", in: "LoginViewModel.swift")
        let open = try XCTUnwrap(report.openSubscriptions.first { $0.subscription.site == greeting }, text)

        let bag = try place(of: "public var disposeBag = DisposeBag()", in: "LoginViewModel.swift")
        XCTAssertEqual(
            report.openSubscriptions.map(\.verdict), [.retaining, .retaining, .retaining],
            "the model's other subscriptions are in the same bag, never released either")
        XCTAssertEqual(open.verdict, .retaining, text)
        XCTAssertEqual(
            LeakWording.verdictText(open),
            "retaining: it is in DisposeBag #4, which was never released (a retain cycle, most likely)")
        XCTAssertEqual(
            open.bag.map(LeakWording.bagText),
            "DisposeBag #4, made at \(bag) in LoginViewModel.init(service: LeakFixtureApp.LoginService), never released")
        XCTAssertEqual(
            retentionPath(open).first, "DisposeBag #4 (made at \(bag)): never released, so it never disposed what it holds")
        XCTAssertEqual(retentionPath(open).dropFirst().first, "BinaryDisposable #53: the Disposable subscribe returned, in the bag")
        XCTAssertEqual(
            open.explanation.why?.hasSuffix(
                "its owner, a LoginViewModel: commonly a retain cycle, owner → bag → this subscription → its closure → "
                    + "owner, when a closure of this subscription captures the owner strongly"),
            true, text)
        XCTAssertEqual(open.explanation.fix, LeakWording.bagCycleAdvice)
        XCTAssertFalse(text.contains("add it to a DisposeBag"), "never that advice for a subscription in a bag: \(text)")
    }

    func testADroppedDisposableOnASubjectThatNeverCompletes_isRetaining_heldByTheSubject() throws {
        var session: Session?
        let reader = try recordedTrace {
            let running = Session()
            session = running
            _ = AuditLog(events: running.events)
        }
        defer { session = nil }
        XCTAssertNotNil(session, "the app keeps its session")

        let (report, text) = try leaks(reader)
        let open = try XCTUnwrap(report.openSubscriptions.first, text)

        let subscribed = try place(of: "_ = events.subscribe(", in: "SearchViewModel.swift")
        XCTAssertEqual(open.subscription.site, subscribed)
        XCTAssertEqual(open.verdict, .retaining, text)
        XCTAssertEqual(LeakWording.verdictText(open), "retaining: it keeps 2 objects alive")
        XCTAssertEqual(
            retentionPath(open),
            [
                "PublishSubject<String> #2: it keeps its observers until it terminates, and it never did",
                "AnonymousObserver<String> #3: the subscriber, with the closures passed at \(subscribed)",
            ])
        XCTAssertEqual(open.explanation.fix, LeakWording.subscriptionAdvice)
    }

    func testABindToWithoutABag_isRetaining_heldByTheSessionsRelay() throws {
        var session: Session?
        let reader = try recordedTrace {
            let running = Session()
            session = running
            _ = ProfileViewModel(session: running)
        }
        defer { session = nil }
        XCTAssertNotNil(session, "the app keeps its session")

        let (report, text) = try leaks(reader)
        let open = try XCTUnwrap(report.openSubscriptions.first, text)

        let relay = try place(of: "public let userName = BehaviorRelay", in: "SearchViewModel.swift")
        let bound = try place(of: "_ = session.userName.bind(to: displayName)", in: "SearchViewModel.swift")
        XCTAssertEqual(open.subscription.site, bound)
        XCTAssertEqual(open.verdict, .retaining, text)
        XCTAssertEqual(
            retentionPath(open),
            [
                "BehaviorSubject<String> #1 (BehaviorRelay at \(relay)): it keeps its observers until it terminates, "
                    + "and it never did",
                "AnonymousObserver<String> #4: the subscriber, with the closures passed at \(bound)",
            ], text)
        XCTAssertEqual(open.explanation.fix, LeakWording.subscriptionAdvice, "keep it in a DisposeBag, among others")
    }

    func testAnIntervalNeverDisposed_isRetaining_heldByItsSchedulersTimer() throws {
        var ticking: Disposable?
        let reader = try recordedTrace {
            let timer = SessionTimer(scheduler: SerialDispatchQueueScheduler(qos: .default))
            ticking = timer.ticking
        }
        // Only the test can still reach the timer's subscription.
        defer { ticking?.dispose() }

        let (report, text) = try leaks(reader)
        let open = try XCTUnwrap(report.openSubscriptions.first, text)

        XCTAssertEqual(open.subscription.site, try place(of: ".subscribe(onNext: { [weak self] _ in self?.minutes", in: "SearchViewModel.swift"))
        XCTAssertEqual(open.verdict, .retaining, "a timer that repeats never ends by itself: no pending work")
        XCTAssertEqual(open.pendingWork?.isPeriodic, true, text)
        XCTAssertEqual(
            retentionPath(open).first,
            "SerialDispatchQueueScheduler #1: runs the periodic work TimerSink.run queued until it is disposed")
        XCTAssertEqual(open.explanation.fix, LeakWording.periodicWorkAdvice)
        let scheduler = try XCTUnwrap(report.liveObjects.first { $0.typeName == "SerialDispatchQueueScheduler" })
        XCTAssertEqual(scheduler.verdict, .retaining)
        XCTAssertEqual(
            LeakWording.verdictText(scheduler),
            "retaining: SerialDispatchQueueScheduler #1 runs the periodic work TimerSink.run queued until it is disposed")
    }

    func testAFlatMapLatestInnerKeptByASubject_isRetaining_drawnUnderItsOperator() throws {
        var feed: ResultsFeed?
        let reader = try recordedTrace {
            let running = ResultsFeed()
            feed = running
            _ = SearchViewModel(feed: running)
        }
        // An error ends the inner subscription, and flatMapLatest with it.
        defer { feed?.results.onError(FixtureError.feedClosed) }

        let (report, text) = try leaks(reader)
        let open = try XCTUnwrap(report.openSubscriptions.first, text)

        let built = try place(of: "_ = query.flatMapLatest", in: "SearchViewModel.swift")
        XCTAssertEqual(open.verdict, .retaining, text)
        XCTAssertEqual(
            LeakWording.chainTree(of: open),
            [
                "BehaviorSubject<String> #2 (BehaviorRelay at \(try place(of: "public let query", in: "SearchViewModel.swift")))",
                "└─ FlatMapLatest<…> #3 (flatMapLatest at \(built))",
                "   ├─ inner: PublishSubject<…> #1",
                "   │  └─ Map<…> #9 (map at \(built))",
                "   └─ AnonymousObserver<…> #4",
            ])
        XCTAssertEqual(
            retentionPath(open).first,
            "PublishSubject<…> #1: the source of an inner subscription of FlatMapLatest<…> #3; it keeps its observers "
                + "until it terminates, and it never did")
        XCTAssertEqual(open.explanation.fix, LeakWording.subscriptionAdvice)
    }

    // MARK: - Harmless cases

    func testAModelReleasedWithItsBag_leavesNothingBehind() throws {
        let reader = try recordedTrace {
            let model = LoginViewModel(service: ImmediateLoginService())
            model.userName.accept("ada")
            model.password.accept("correct horse")
            model.loginTaps.accept(())
            XCTAssertEqual(model.greeting, "Welcome, ada")
        }

        let (report, text) = try leaks(reader)

        XCTAssertTrue(report.openSubscriptions.isEmpty, text)
        XCTAssertTrue(report.liveObjects.isEmpty, text)
        XCTAssertTrue(text.contains("No leaks: every subscription ended and no object outlived the run (Resources.total +0)."), text)
    }

    func testASingleWhoseDisposableWasDropped_endsWithItsAnswer_andIsNoLeak() throws {
        let reader = try recordedTrace {
            let model = LoginViewModel(service: ImmediateLoginService())
            model.userName.accept("ada")
            model.logInOnce(service: ImmediateLoginService())
            XCTAssertEqual(model.greeting, "Welcome, ada")
        }

        let (report, text) = try leaks(reader)

        XCTAssertTrue(report.openSubscriptions.isEmpty, "a Single ends with its answer: \(text)")
        XCTAssertTrue(report.liveObjects.isEmpty, text)
    }
}

/// Why a test ends a fixture's sequence.
private enum FixtureError: Error {
    case feedClosed
}

extension OpenSubscription {
    /// Why, and what to do, in the report's words.
    fileprivate var explanation: (why: String?, fix: String) { LeakWording.explanation(of: self) }
}
