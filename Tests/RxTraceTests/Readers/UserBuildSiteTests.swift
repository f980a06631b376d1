import RxCore
import RxRelay
@testable import RxTrace
import XCTest

/// No build site points into RxCore: where RxCore builds an observable for user code
/// (`asObservable()` wrapping a sequence in `create`, a `Driver` sharing its source), the trace
/// names the user's line that asked for it, found through the caller the enclosing step captured.
final class UserBuildSiteTests: RxTraceTestCase {
    private let path = "RxTraceTests/UserBuildSiteTests.swift"

    /// A sequence that is not an ``Observable``: `asObservable()` wraps it in `create`.
    private struct Forwarding: ObservableType {
        typealias Element = Int
        let subject: PublishSubject<Int>

        func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
            subject.subscribe(observer)
        }
    }

    private func buildSites(in reader: TraceReader) throws -> [String] {
        try reader.objects().compactMap { $0.assembly.map { "\($0.name) at \($0.file):\($0.line)" } }
    }

    func testAsObservableOfASequenceThatIsNoObservable_isBuiltAtTheUsersLine() throws {
        var line: UInt = 0
        let reader = try recordedTrace {
            let forwarding = Forwarding(subject: PublishSubject<Int>())
            line = #line; _ = forwarding.asObservable()
        }

        let sites = try buildSites(in: reader)
        XCTAssertTrue(sites.contains("create at \(path):\(line)"), "\(sites)")
        XCTAssertFalse(sites.contains { $0.contains(" at RxCore/") }, "\(sites)")
    }

    func testADriversShare_isBuiltAtTheAsDriverLine() throws {
        var line: UInt = 0
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            line = #line; _ = subject.asDriver(onErrorJustReturn: 0)
        }

        let sites = try buildSites(in: reader)
        XCTAssertTrue(sites.contains("share at \(path):\(line)"), "\(sites)")
        XCTAssertFalse(sites.contains { $0.contains(" at RxCore/") }, "\(sites)")
    }

    func testAControlPropertysOrEmpty_isBuiltAtTheUsersLine() throws {
        var line: UInt = 0
        let reader = try recordedTrace {
            let text = ControlProperty<String?>(values: Observable.just("a"), valueSink: AnyObserver { _ in })
            line = #line; _ = text.orEmpty
        }

        let sites = try buildSites(in: reader)
        XCTAssertTrue(sites.contains("map at \(path):\(line)"), "\(sites)")
        XCTAssertFalse(sites.contains { $0.contains(" at RxCore/") }, "\(sites)")
    }

    func testTheErrorOfAUsingWhoseFactoryThrows_isBuiltAtTheUsingLine() throws {
        struct Unavailable: Error {}
        var line: UInt = 0
        let reader = try recordedTrace {
            line = #line; let failing = Observable<Int>.using({ () throws -> BooleanDisposable in throw Unavailable() }, observableFactory: { _ in .empty() })
            _ = failing.subscribe(onError: { _ in })
        }

        let sites = try buildSites(in: reader)
        XCTAssertTrue(sites.contains("error at \(path):\(line)"), "\(sites)")
        XCTAssertFalse(sites.contains { $0.contains(" at RxCore/") }, "\(sites)")
    }

    func testTheFlowsInitLines_sayBuiltAtTheUsersLine() throws {
        var line: UInt = 0
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            line = #line; _ = subject.asDriver(onErrorJustReturn: 0)
        }

        let locations = try FlowBuilder(reader: reader).flows().flatMap(\.steps).filter { $0.kind == .`init` }
            .compactMap(\.location)
        XCTAssertTrue(locations.contains("built at \(path):\(line)"), "\(locations)")
        XCTAssertFalse(locations.contains { $0.hasPrefix("built at RxCore/") }, "\(locations)")
    }

    func testWithoutTheEntryPointsCallers_theBuildSiteIsStillTheUsersLine() throws {
        var line: UInt = 0
        let reader = try recordedTrace(capturingCallers: false) {
            line = #line; _ = Forwarding(subject: PublishSubject<Int>()).asObservable()
        }

        XCTAssertTrue(try buildSites(in: reader).contains("create at \(path):\(line)"))
    }
}

extension UserBuildSiteTests {
    /// The user's `catchAndReturn`, `amb` and `ignoreElements` lines name the `just`, `never`
    /// and `empty` RxCore builds inside them.
    func testTheSequencesOperatorsBuildInside_areBuiltAtTheOperatorsLine() throws {
        let file = path
        struct Failure: Error {}
        var lines: [UInt] = []
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            lines.append(#line); let caught = subject.catchAndReturn(0).subscribe(onNext: { _ in })
            subject.onError(Failure())
            caught.dispose()
            lines.append(#line); _ = Observable.amb([Observable<Int>.never()])
            lines.append(#line); _ = subject.ignoreElements()
        }

        let sites = try buildSites(in: reader)
        XCTAssertTrue(sites.contains("just at \(file):\(lines[0])"), "\(sites)")
        XCTAssertTrue(sites.contains("never at \(file):\(lines[1])"), "\(sites)")
        XCTAssertTrue(sites.contains("empty at \(file):\(lines[2])"), "\(sites)")
        XCTAssertFalse(sites.contains { $0.contains(" at RxCore/") }, "\(sites)")
    }
}

extension UserBuildSiteTests {
    /// With no `file:line` parameters, the build and subscribe sites come from the stack: `map`,
    /// `subscribe`, `Driver.drive` and `bind(to:)` (whose frames in RxCore and RxRelay are
    /// skipped) name the user's lines.
    func testMapSubscribeDriveAndBind_areRecordedAtTheUsersLines() throws {
        var lines: [UInt] = []
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let relay = PublishRelay<Int>()
            lines.append(#line); let doubled = subject.map { $0 * 2 }
            lines.append(#line); let subscription = doubled.subscribe(onNext: { _ in })
            let driver = subject.asDriver(onErrorJustReturn: 0)
            lines.append(#line); let driving = driver.drive(onNext: { _ in })
            lines.append(#line); let binding = subject.bind(to: relay)
            subject.onNext(1)
            subscription.dispose()
            driving.dispose()
            binding.dispose()
        }

        let sites = try buildSites(in: reader)
        XCTAssertTrue(sites.contains("map at \(path):\(lines[0])"), "\(sites)")
        let subscribed = try reader.subscriptions().map(\.site)
        XCTAssertEqual(subscribed, lines[1...].map { "\(path):\($0)" })
    }

    func testACallerStack_isKeptBesideTheLineItNamed() throws {
        let reader = try recordedTrace {
            _ = Observable.just(1).subscribe(onNext: { _ in })
        }

        let unnamed = try reader.database.scalar(
            "SELECT count(*) FROM assembly WHERE caller_stack_id IS NULL OR line = 0"
        )?.integer
        XCTAssertEqual(unnamed, 0)
        let stacks = try reader.database.scalar(
            "SELECT count(*) FROM subscription WHERE caller_stack_id IS NOT NULL AND line > 0"
        )?.integer
        XCTAssertEqual(stacks, 1)
    }
}
