import Dispatch
import RxCore
@testable import RxTrace
import XCTest

/// `rxtrace why` follows an event back through its own subscription across every kind of hop
/// (`observe(on:)`, `subscribe(on:)`, `delay`, a `flatMap` inner, `share`): at each step the
/// event delivered to the object of the step below, never merely the latest one. The
/// `event_cause` view gives the same chain.
final class WhyAcrossThreadsTests: RxTraceTestCase {
    private let file = "RxTraceTests/WhyAcrossThreadsTests.swift"

    /// A serial queue that runs nothing until `body` returned: what is scheduled on it during
    /// `body` runs after everything `body` recorded on the calling thread.
    private func held(_ scheduler: SerialDispatchQueueScheduler, _ body: () -> Void) {
        let gate = DispatchSemaphore(value: 0)
        _ = scheduler.schedule(()) { _ in
            XCTAssertEqual(gate.wait(timeout: .now() + 10), .success, "the gate never opened")
            return Disposables.create()
        }
        body()
        gate.signal()
    }

    /// Waits until everything scheduled on `scheduler` so far has run.
    private func drain(_ scheduler: SerialDispatchQueueScheduler) {
        let fence = DispatchSemaphore(value: 0)
        _ = scheduler.schedule(()) { _ in
            fence.signal()
            return Disposables.create()
        }
        XCTAssertEqual(fence.wait(timeout: .now() + 5), .success, "the queue never drained")
    }

    /// The events `why` names on the way to event `id`, root first.
    private func hopEvents(of id: Int64, in reader: TraceReader) throws -> [EventRecord] {
        try reader.causes(ofEvent: id).reversed().compactMap { step in try step.hopEventID.flatMap(reader.event) }
    }

    /// Asserts that the `event_cause` view holds, for event `id`, the chain `why` follows.
    private func assertViewMatchesWhy(
        _ id: Int64, in reader: TraceReader, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let viewRows = try reader.database.rows(
            "SELECT call_id, via, hop_event_id FROM event_cause WHERE event_id = ? ORDER BY step", [.integer(id)]
        )
        let steps = try reader.causes(ofEvent: id)
        XCTAssertFalse(steps.isEmpty, "why found no chain", file: file, line: line)
        XCTAssertEqual(viewRows.map { $0.integer("call_id") }, steps.map(\.call.id), file: file, line: line)
        XCTAssertEqual(viewRows.map { $0.text("via") }, steps.map(\.via), file: file, line: line)
        XCTAssertEqual(viewRows.map { $0.integer("hop_event_id") }, steps.map(\.hopEventID), file: file, line: line)
    }

    func testObserveOn_explainsTheEventThroughItsOwnSubscription_notTheSubjectsLaterDeliveryToAnother() throws {
        var line: UInt = 0
        let reader = try recordedTrace {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxtrace.tests.why.observe")
            let subject = PublishSubject<Int>()
            line = #line; let observed = subject.observe(on: scheduler).subscribe(onNext: { _ in })
            let direct = subject.subscribe(onNext: { _ in })
            // The subject delivers to the second subscriber before the queue runs the first's.
            held(scheduler) { subject.onNext(1) }
            drain(scheduler)
            observed.dispose()
            direct.dispose()
        }
        let finder = CauseFinder(reader: reader)
        let event = try finder.event(nth: 1, ofSubscription: 1)

        let why = try XCTUnwrap(finder.why(event: event.id))
        let hops = try hopEvents(of: event.id, in: reader)

        XCTAssertEqual(hops.count, 2, "\(hops)")
        XCTAssertEqual(hops.first?.observerObjectID, event.sourceObjectID, "the subject's delivery to the observe(on:) sink")
        XCTAssertEqual(hops.last, event)
        XCTAssertEqual(why.hops.map(\.kind), ["event", "thread", "event"])
        XCTAssertTrue(why.hops[0].text.hasPrefix("next(1) from PublishSubject<Int> #2 to ObserveOnSerialDispatchQueueSink<"), why.hops[0].text)
        XCTAssertTrue(why.hops[0].text.contains("(observe(on:) at \(file):\(line))"), why.hops[0].text)
        XCTAssertTrue(why.origin.hasPrefix("PublishSubject.on(.next(1)) on PublishSubject<Int> #2 · thread main"), why.origin)
        XCTAssertEqual(why.subscriber, "the subscriber of subscription #1, subscribed at \(file):\(line)")
        try assertViewMatchesWhy(event.id, in: reader)
    }

    func testSubscribeOn_walksFromTheEventBackAcrossTheQueueToTheUsersSubscribe() throws {
        var line: UInt = 0
        let reader = try recordedTrace {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxtrace.tests.why.subscribeOn")
            line = #line; let subscription = Observable.just(1).subscribe(on: scheduler).subscribe(onNext: { _ in })
            drain(scheduler)
            subscription.dispose()
        }
        let finder = CauseFinder(reader: reader)
        let event = try finder.event(nth: 1, ofSubscription: 1)

        let why = try XCTUnwrap(finder.why(event: event.id))

        XCTAssertTrue(why.origin.hasPrefix("subscribe(onNext:onError:onCompleted:onDisposed:) at \(file):\(line)"), why.origin)
        XCTAssertEqual(why.hops.map(\.kind), ["thread", "event", "event"])
        XCTAssertTrue(why.hops[0].text.hasPrefix("queued by SerialDispatchQueueScheduler.schedule"), why.hops[0].text)
        XCTAssertTrue(why.hops[1].text.hasPrefix("next(1) from Just<Int> #2"), why.hops[1].text)
        XCTAssertTrue(why.hops[2].text.hasPrefix("next(1) from SubscribeOnSink<…> #"), why.hops[2].text)
        XCTAssertNotEqual(why.hops[2].threadName, "main")
        try assertViewMatchesWhy(event.id, in: reader)
    }

    func testDelay_walksFromTheDelayedEventBackToTheSubjectsOnNext() throws {
        let reader = try recordedTrace {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxtrace.tests.why.delay")
            let subject = PublishSubject<Int>()
            let delivered = DispatchSemaphore(value: 0)
            let delayed = subject.delay(.milliseconds(1), scheduler: scheduler).subscribe(onNext: { _ in delivered.signal() })
            let direct = subject.subscribe(onNext: { _ in })
            subject.onNext(4)
            XCTAssertEqual(delivered.wait(timeout: .now() + 5), .success, "the delayed element never arrived")
            drain(scheduler)
            delayed.dispose()
            direct.dispose()
        }
        let finder = CauseFinder(reader: reader)
        let event = try finder.event(nth: 1, ofSubscription: 1)

        let why = try XCTUnwrap(finder.why(event: event.id))
        let hops = try hopEvents(of: event.id, in: reader)

        XCTAssertEqual(hops.count, 2, "\(hops)")
        XCTAssertEqual(hops.first?.observerObjectID, event.sourceObjectID, "the subject's delivery to the delay sink")
        XCTAssertTrue(why.origin.hasPrefix("PublishSubject.on(.next(4)) on PublishSubject<Int> #2 · thread main"), why.origin)
        XCTAssertTrue(why.hops.contains { $0.kind == "thread" }, "\(why.hops)")
        XCTAssertNotEqual(why.hops.last?.threadName, "main")
        try assertViewMatchesWhy(event.id, in: reader)
    }

    func testFlatMapInner_walksFromTheInnerSubjectThroughItsInnerObserver() throws {
        let reader = try recordedTrace {
            let outer = PublishSubject<Int>()
            let inner = PublishSubject<Int>()
            let subscription = outer.flatMap { _ in inner }.subscribe(onNext: { _ in })
            outer.onNext(0)
            inner.onNext(5)
            subscription.dispose()
        }
        let finder = CauseFinder(reader: reader)
        let event = try finder.event(nth: 1, ofSubscription: 1)

        let why = try XCTUnwrap(finder.why(event: event.id))

        XCTAssertEqual(event.description, "next(5)")
        XCTAssertTrue(why.origin.hasPrefix("PublishSubject.on(.next(5)) on PublishSubject<Int> #2 · thread main"), why.origin)
        XCTAssertEqual(why.hops.map(\.kind), ["event", "event"])
        XCTAssertTrue(why.hops[0].text.hasPrefix("next(5) from PublishSubject<Int> #2 to MergeSinkIter<"), why.hops[0].text)
        XCTAssertTrue(why.hops[1].text.hasPrefix("next(5) from FlatMapSink<"), why.hops[1].text)
        try assertViewMatchesWhy(event.id, in: reader)
    }

    func testShare_explainsEachSubscribersEventThroughTheSharedConnection() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let shared = subject.map { $0 * 2 }.share()
            let first = shared.subscribe(onNext: { _ in })
            let second = shared.subscribe(onNext: { _ in })
            subject.onNext(3)
            first.dispose()
            second.dispose()
        }
        let finder = CauseFinder(reader: reader)

        for subscription: Int64 in [1, 2] {
            let event = try finder.event(nth: 1, ofSubscription: subscription)
            let why = try XCTUnwrap(finder.why(event: event.id))
            let hops = try hopEvents(of: event.id, in: reader)

            XCTAssertEqual(hops.map(\.description), ["next(3)", "next(6)", "next(6)"], "subscription #\(subscription)")
            XCTAssertEqual(hops.last, event)
            XCTAssertEqual(hops[1].observerObjectID, hops[2].sourceObjectID, "the map's delivery to the share")
            XCTAssertTrue(why.origin.hasPrefix("PublishSubject.on(.next(3))"), why.origin)
            try assertViewMatchesWhy(event.id, in: reader)
        }
    }

    func testALongTrace_theViewGivesTheLastEventTheSameChainAsWhy_noRowCapCutsItOff() throws {
        // 40 threads of the fixture's work: some 24,000 events, past the 20,000 rows the view
        // once capped its walk over every event at.
        let path = Fixture.temporaryTracePath("why-threads-40")
        XCTAssertEqual(try Fixture.run(["threads", path, "40"]), .exited(0))
        let reader = try TraceReader(database: Database(path: path, mode: .readOnly))
        let last = try XCTUnwrap(reader.database.scalar("SELECT max(id) FROM event WHERE call_id IS NOT NULL")?.integer)
        XCTAssertGreaterThan(last, 20_000)

        try assertViewMatchesWhy(last, in: reader)
        XCTAssertEqual(try reader.causes(ofEvent: last).first?.hopEventID, last)
    }
}
