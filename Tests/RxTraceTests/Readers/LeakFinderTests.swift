import RxCore
@testable import RxTrace
import XCTest

/// LeakFinder reports what a trace left behind: subscriptions neither disposed nor
/// terminated, with the line that subscribed, and objects alive at the end, grouped by type.
final class LeakFinderTests: RxTraceTestCase {
    func testSubscriptionNeverDisposedOnASubjectThatNeverCompletes_isReportedWithItsLineAndChain() throws {
        var subscribeLine: UInt = 0
        var keptAlive: Disposable?
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            subscribeLine = #line; keptAlive = subject.map { $0 * 2 }.subscribe(onNext: { _ in })
            subject.onNext(1)
        }
        // The trace is finished with the subscription open; end it now so this test leaks nothing.
        keptAlive?.dispose()

        let report = try LeakFinder(reader: reader).report()

        let open = try XCTUnwrap(report.openSubscriptions.first)
        XCTAssertEqual(report.openSubscriptions.count, 1)
        XCTAssertEqual(open.subscription.site, "RxTraceTests/LeakFinderTests.swift:\(subscribeLine)")
        XCTAssertEqual(open.builtAt, Assembly(name: "map", file: "RxTraceTests/LeakFinderTests.swift", line: Int(subscribeLine)))
        XCTAssertEqual(open.chain, [
            "PublishSubject<Int> #1",
            "Map<Int, Int> #2 (map at RxTraceTests/LeakFinderTests.swift:\(subscribeLine))",
            "AnonymousObserver<Int> #3",
        ])
        XCTAssertTrue(open.alive.contains("MapSink<…> #5"), "\(open.alive)")
        // The subject and `map`'s observable were released with the closure: a subject holds its
        // observers, not the other way round. What the open subscription keeps alive remains.
        XCTAssertEqual(report.liveObjects.map(\.typeName).sorted(), [
            "AnonymousObserver<Int>", "BinaryDisposable", "MapSink<Int, AnonymousObserver<Int>>", "SinkDisposer",
        ])
        XCTAssertFalse(report.isEmpty)
    }

    func testDisposedSubscription_isNotALeak_andEndsDisposed() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let subscription = subject.map { $0 * 2 }.subscribe(onNext: { _ in })
            subject.onNext(1)
            subscription.dispose()
        }

        XCTAssertTrue(try LeakFinder(reader: reader).report().isEmpty)
        XCTAssertEqual(try reader.subscriptions().map(\.endKind), [.disposed])
    }

    func testSubscriptionWhoseSourceCompletes_isNotALeak_evenWithoutDispose() throws {
        let reader = try recordedTrace {
            _ = Observable.just(1).map { $0 * 2 }.subscribe(onNext: { _ in })
        }

        XCTAssertTrue(try LeakFinder(reader: reader).report().isEmpty)
        XCTAssertEqual(try reader.subscriptions().map(\.endKind), [.completed])
    }

    func testSubscriptionEndedByAnError_endsWithError() throws {
        struct Failure: Error {}
        let reader = try recordedTrace {
            _ = Observable<Int>.error(Failure()).subscribe(onError: { _ in })
        }

        XCTAssertTrue(try LeakFinder(reader: reader).report().isEmpty)
        XCTAssertEqual(try reader.subscriptions().map(\.endKind), [.error])
    }

    func testObjectsAliveAtTheEnd_areGroupedByType() throws {
        var subjects: [PublishSubject<Int>] = []
        let reader = try recordedTrace {
            subjects = [PublishSubject<Int>(), PublishSubject<Int>()]
        }
        XCTAssertEqual(subjects.count, 2, "both subjects were alive when the recording stopped")
        subjects = []

        let report = try LeakFinder(reader: reader).report()

        XCTAssertEqual(report.liveObjects.map(\.typeName), ["PublishSubject<Int>"])
        XCTAssertEqual(report.liveObjects.first?.objectIDs, [1, 2])
        XCTAssertEqual(report.liveObjectCount, 2)
        XCTAssertTrue(report.openSubscriptions.isEmpty)
    }

    // MARK: - Globals: a DisposeBag top-level code made lives until the program exits
    //
    // These record no caller addresses, as for a program without symbols: the file the bag
    // was made in decides then. With them, the function that made it decides (AutostartTests).

    func testSubscriptionInABagMadeInMainSwift_isAliveAtExitByDesign_notALeak() throws {
        var bag: DisposeBag?
        var subscribeLine: UInt = 0
        let reader = try recordedTrace(capturingCallers: false) {
            // As top-level code in a main.swift makes it: a global, alive until exit.
            bag = disposeBag(madeAt: "App/main.swift", line: 3)
            let subject = PublishSubject<Int>()
            subscribeLine = #line; subject.map { $0 * 2 }.subscribe(onNext: { _ in }).disposed(by: bag!)
            subject.onNext(1)
        }
        bag = nil

        let report = try LeakFinder(reader: reader).report()

        XCTAssertTrue(report.isEmpty, "\(report)")
        let held = try XCTUnwrap(report.aliveAtExit?.first)
        XCTAssertEqual(report.aliveAtExit?.count, 1)
        XCTAssertEqual(held.bag, "DisposeBag #1")
        XCTAssertEqual(held.madeAt, Assembly(name: "DisposeBag", file: "App/main.swift", line: 3))
        XCTAssertEqual(held.subscriptions.map(\.subscription.site), ["RxTraceTests/LeakFinderTests.swift:\(subscribeLine)"])
        XCTAssertEqual(held.objects.first, "DisposeBag #1")
        XCTAssertTrue(held.objects.contains("MapSink<…> #6"), "\(held.objects)")
        XCTAssertTrue(held.objects.contains("SinkDisposer #5"), "the bag holds the disposable subscribe returned: \(held.objects)")
    }

    func testSubscriptionInABagMadeElsewhere_andAliveAtTheEnd_isStillALeak() throws {
        var bag: DisposeBag?
        let reader = try recordedTrace {
            // A view model's bag whose owner never went away: nothing says it is a global.
            bag = disposeBag(madeAt: "App/ViewModel.swift", line: 12)
            PublishSubject<Int>().subscribe(onNext: { _ in }).disposed(by: bag!)
        }
        bag = nil

        let report = try LeakFinder(reader: reader).report()

        XCTAssertNil(report.aliveAtExit)
        XCTAssertEqual(report.openSubscriptions.count, 1)
        XCTAssertTrue(report.liveObjects.contains { $0.typeName == "DisposeBag" }, "\(report.liveObjects)")
    }

    func testSubscriptionLeftOpenBesideAGlobalBag_isStillALeak() throws {
        var bag: DisposeBag?
        var leaked: Disposable?
        let reader = try recordedTrace(capturingCallers: false) {
            bag = disposeBag(madeAt: "App/main.swift", line: 3)
            let subject = PublishSubject<Int>()
            subject.subscribe(onNext: { _ in }).disposed(by: bag!)
            leaked = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
        }
        bag = nil
        leaked?.dispose()

        let report = try LeakFinder(reader: reader).report()

        XCTAssertEqual(report.aliveAtExit?.first?.subscriptions.map(\.subscription.id), [1])
        XCTAssertEqual(report.openSubscriptions.map(\.subscription.id), [2])
        XCTAssertTrue(report.liveObjects.contains { $0.typeName.hasPrefix("MapSink") }, "\(report.liveObjects)")
        XCTAssertFalse(report.liveObjects.contains { $0.typeName == "DisposeBag" }, "\(report.liveObjects)")
    }
}

/// A bag whose build site reads `file`:`line`, as if top-level code there had made it: the
/// recorder hears of the bag's site a second time, named directly, and a trace keeps the last
/// (the outermost) assembly of an object.
private func disposeBag(madeAt file: StaticString, line: UInt) -> DisposeBag {
    let bag = DisposeBag()
    Instrumentation.recorder?.observableAssembled(bag.traceObjectID, by: "DisposeBag", at: CallSite(file: file, line: line))
    return bag
}
