import Dispatch
import RxCore
@testable import RxTrace
import XCTest

/// CauseFinder answers "who ended this subscription?" in one line and "why did this event
/// happen?" as a chain from the call that pushed it in down to its receiver.
final class CauseFinderTests: RxTraceTestCase {
    private let file = "RxTraceTests/CauseFinderTests.swift"

    private func ending(of id: Int64, in reader: TraceReader) throws -> String {
        try CauseFinder(reader: reader).ending(of: XCTUnwrap(reader.subscription(id)))
    }

    // MARK: - Who ended it

    func testSubscriptionInADisposeBag_endsDisposedByTheBagsDeinit_namingWhereTheBagWasMade() throws {
        var bagLine: UInt = 0
        var releaseLine: UInt = 0
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            bagLine = #line; var bag: DisposeBag? = DisposeBag()
            subject.subscribe(onNext: { _ in }).disposed(by: bag!)
            releaseLine = #line; bag = nil
        }

        XCTAssertEqual(
            try ending(of: 1, in: reader),
            "ended: disposed by DisposeBag #2's deinit (bag made at \(file):\(bagLine)), "
                + "released at RxTraceTests/CauseFinderTests.swift:\(releaseLine)"
        )
    }

    func testSubscriptionDisposedByUserCode_endsNamingTheDisposableSubscribeReturned() throws {
        var disposeLine: UInt = 0
        let reader = try recordedTrace {
            let subscription = PublishSubject<Int>().subscribe(onNext: { _ in })
            disposeLine = #line; subscription.dispose()
        }

        let ended = try ending(of: 1, in: reader)
        XCTAssertTrue(
            ended.hasPrefix(
                "ended: disposed by a dispose() at RxTraceTests/CauseFinderTests.swift:\(disposeLine) of the "
                    + "Disposable subscribe returned, BinaryDisposable #"
            ),
            ended
        )
        XCTAssertTrue(ended.hasSuffix(", on thread main"), ended)
    }

    func testSubscriptionThatCompleted_endsNamingTheSourceThatSentTheCompletion() throws {
        var line: UInt = 0
        let reader = try recordedTrace {
            line = #line; _ = Observable.just(1).map { $0 + 1 }.subscribe(onNext: { _ in })
        }

        XCTAssertEqual(try ending(of: 1, in: reader), "ended: completed, sent by Just<Int> #1 (just at \(file):\(line))")
    }

    func testTakeCuttingASubscriptionShort_endsNamingTheTakeAndTheElementThatEndedIt() throws {
        var line: UInt = 0
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            line = #line; _ = subject.take(1).subscribe(onNext: { _ in })
            subject.onNext(7)
        }

        let ended = try ending(of: 1, in: reader)
        XCTAssertTrue(ended.hasPrefix("ended: completed by TakeCountSink<…> #"), ended)
        XCTAssertTrue(
            ended.contains("(take at \(file):\(line)), cutting it short on next(7) from PublishSubject<Int> #1"), ended
        )
    }

    func testTakeUntilCuttingASubscriptionShort_endsNamingTheOtherSourcesElement() throws {
        var line: UInt = 0
        let reader = try recordedTrace {
            let source = PublishSubject<Int>()
            let stop = PublishSubject<Void>()
            line = #line; _ = source.take(until: stop).subscribe(onNext: { _ in })
            source.onNext(1)
            stop.onNext(())
        }

        let ended = try ending(of: 1, in: reader)
        XCTAssertTrue(ended.hasPrefix("ended: completed by "), ended)
        XCTAssertTrue(ended.contains("TakeUntil<Int, ()> #3 (take at \(file):\(line)), cutting it short on next(())"), ended)
        XCTAssertTrue(ended.hasSuffix("from PublishSubject<()> #2"), ended)
    }

    func testSubscriptionDisposedByItsOwnHandler_endsSayingWhichDeliveryItWasInside() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let subscription = SingleAssignmentDisposable()
            subscription.setDisposable(subject.subscribe(onNext: { _ in subscription.dispose() }))
            subject.onNext(1)
        }

        let ended = try ending(of: 1, in: reader)
        XCTAssertTrue(ended.hasPrefix("ended: disposed inside PublishSubject.on(.next(1)) on PublishSubject<Int> #1 · thread main"), ended)
    }

    func testAnErrorFromUpstream_endsNamingTheErrorAndItsSender() throws {
        struct Failure: Error {}
        let reader = try recordedTrace {
            _ = Observable<Int>.error(Failure()).subscribe(onError: { _ in })
        }

        let ended = try ending(of: 1, in: reader)
        XCTAssertTrue(ended.hasPrefix("ended: error(Failure()), sent by "), ended)
    }

    func testTheTerminalEvent_isFoundFromTheStepThatReceivedIt_amongTheObserversEvents() throws {
        let reader = try recordedTrace {
            _ = Observable.just(1).map { $0 * 2 }.subscribe(onNext: { _ in })
        }
        let subscription = try XCTUnwrap(reader.subscription(1))
        let observer = try XCTUnwrap(subscription.observerObjectID)
        let endCall = try XCTUnwrap(subscription.endCallID)

        let found = try reader.lastEvent(ofKind: .completed, deliveredTo: observer, inOrAbove: endCall)

        XCTAssertEqual(found, try reader.events(deliveredTo: observer).last { $0.kind == .completed })
        XCTAssertNotNil(found)
        XCTAssertNil(try reader.lastEvent(ofKind: .error, deliveredTo: observer, inOrAbove: endCall))
    }

    func testOpenSubscription_saysItNeverEnded() throws {
        var kept: Disposable?
        let reader = try recordedTrace {
            kept = PublishSubject<Int>().subscribe(onNext: { _ in })
        }
        kept?.dispose()

        XCTAssertEqual(try ending(of: 1, in: reader), "ended: never: still open when the run ended")
    }

    func testTheEndCallIsRecorded_theBagsDisposeStepForABag() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            do {
                let bag = DisposeBag()
                subject.subscribe(onNext: { _ in }).disposed(by: bag)
            }
        }

        let subscription = try XCTUnwrap(reader.subscription(1))
        let endCall = try XCTUnwrap(subscription.endCallID)
        let chain = try reader.causes(ofCall: endCall).map(\.call.name)
        XCTAssertEqual(chain.suffix(2), ["DisposeBag.dispose", "DisposeBag.deinit"], "\(chain)")
    }

    // MARK: - Why an event happened

    func testWhy_walksFromTheSubjectsOnNextThroughMapToTheSubscriber() throws {
        var line: UInt = 0
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            line = #line; let subscription = subject.map { $0 * 10 }.subscribe(onNext: { _ in })
            subject.onNext(1)
            subscription.dispose()
        }
        let finder = CauseFinder(reader: reader)
        let event = try finder.event(nth: 1, ofSubscription: 1)

        let why = try XCTUnwrap(finder.why(event: event.id))

        XCTAssertEqual(why.event, "next(10)")
        XCTAssertTrue(why.origin.hasPrefix("PublishSubject.on(.next(1)) on PublishSubject<Int> #1 · thread main"), why.origin)
        XCTAssertEqual(why.hops.map(\.kind), ["event", "event"])
        XCTAssertTrue(why.hops[0].text.hasPrefix("next(1) from PublishSubject<Int> #1 to MapSink<…> #"), why.hops[0].text)
        XCTAssertTrue(why.hops[0].text.hasSuffix("of Map<Int, Int> #2 (map at \(file):\(line))"), why.hops[0].text)
        XCTAssertTrue(why.hops[1].text.hasPrefix("next(10) from MapSink<…> #"), why.hops[1].text)
        XCTAssertEqual(why.hops[1].location, "RxCore/Sink.swift:\(try sinkForwardOnLine(in: reader))")
        XCTAssertEqual(why.subscriber, "the subscriber of subscription #1, subscribed at \(file):\(line)")
    }

    func testWhy_followsTheThreadHopOfObserveOnThroughItsScheduledWorkItem() throws {
        var line: UInt = 0
        let reader = try recordedTrace {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxtrace.tests.why")
            let completed = DispatchSemaphore(value: 0)
            let observed = Observable.just(1).observe(on: scheduler)
            line = #line; let subscription = observed.subscribe(onCompleted: { completed.signal() })
            XCTAssertEqual(completed.wait(timeout: .now() + 5), .success, "the events never arrived")
            let fence = DispatchSemaphore(value: 0)
            _ = scheduler.schedule(()) { _ in
                fence.signal()
                return Disposables.create()
            }
            XCTAssertEqual(fence.wait(timeout: .now() + 5), .success, "the queue never drained")
            subscription.dispose()
        }
        let finder = CauseFinder(reader: reader)

        let why = try XCTUnwrap(finder.why(event: finder.event(nth: 1, ofSubscription: 1).id))

        XCTAssertTrue(why.origin.hasPrefix("subscribe(onNext:onError:onCompleted:onDisposed:) at \(file):\(line)"), why.origin)
        XCTAssertTrue(why.origin.hasSuffix("· thread main"), why.origin)
        XCTAssertEqual(why.hops.map(\.kind), ["event", "thread", "event"])
        XCTAssertTrue(why.hops[1].text.hasPrefix("queued by SerialDispatchQueueScheduler.schedule"), why.hops[1].text)
        XCTAssertTrue(why.hops[1].text.contains("on thread main; run by SerialDispatchQueueScheduler.invoke [ScheduledWorkItem #"), why.hops[1].text)
        XCTAssertEqual(why.hops[0].threadName, "main")
        XCTAssertNotEqual(why.hops[2].threadName, "main")
    }

    func testWhy_throughAnAnyObserver_keepsTheEventSentToIt_thoughItIsNoTracedObject() throws {
        let reader = try recordedTrace {
            let source = PublishSubject<Int>()
            let target = PublishSubject<Int>()
            let forwarding = source.subscribe(AnyObserver(target))
            let subscription = target.subscribe(onNext: { _ in })
            source.onNext(8)
            forwarding.dispose()
            subscription.dispose()
        }
        let finder = CauseFinder(reader: reader)

        let why = try XCTUnwrap(finder.why(event: finder.event(nth: 1, ofSubscription: 1).id))

        XCTAssertEqual(why.hops.filter { $0.kind == "event" }.map(\.text).map { String($0.prefix(58)) }, [
            "next(8) from PublishSubject<Int> #1 to an untraced object",
            "next(8) from PublishSubject<Int> #2 to AnonymousObserver<I",
        ])
        XCTAssertTrue(why.origin.hasPrefix("PublishSubject.on(.next(8)) on PublishSubject<Int> #1"), why.origin)
    }

    func testEventCauseView_holdsTheSameChainAsWhy() throws {
        let reader = try recordedTrace {
            let subject = PublishSubject<Int>()
            let subscription = subject.map { $0 * 10 }.subscribe(onNext: { _ in })
            subject.onNext(1)
            subscription.dispose()
        }
        let event = try CauseFinder(reader: reader).event(nth: 1, ofSubscription: 1)

        let viewRows = try reader.database.rows(
            "SELECT step, call_id, via, hop_event_id FROM event_cause WHERE event_id = ? ORDER BY step", [.integer(event.id)]
        )
        let steps = try reader.causes(ofEvent: event.id)

        XCTAssertEqual(viewRows.map { $0.integer("call_id") }, steps.map(\.call.id))
        XCTAssertEqual(viewRows.map { $0.text("via") }, steps.map(\.via))
        XCTAssertEqual(viewRows.first?.integer("hop_event_id"), event.id)
        XCTAssertEqual(viewRows.last.flatMap { $0.integer("call_id") }, try reader.rootCall(of: XCTUnwrap(event.callID)))
        XCTAssertEqual(Set(viewRows.compactMap { $0.integer("hop_event_id") }).count, 2, "the subject's event and map's")
    }

    func testNthEventBeyondWhatTheObserverReceived_isAnError() throws {
        let reader = try recordedTrace {
            _ = Observable.just(1).subscribe(onNext: { _ in })
        }

        XCTAssertThrowsError(try CauseFinder(reader: reader).event(nth: 3, ofSubscription: 1)) { error in
            XCTAssertEqual(error as? ReportError, .noSuchNthEvent(subscription: 1, nth: 3, count: 2))
        }
    }

    func testATraceWithoutTheCauseViews_whyAsksToRecordAgain_andEndingsSayWhatTheyCan() throws {
        let recorder = try InMemoryTraceRecorder()
        Instrumentation.bootstrapInternal(recorder)
        let subscription = PublishSubject<Int>().subscribe(onNext: { _ in })
        subscription.dispose()
        Instrumentation.bootstrapInternal(nil)
        let database = try recorder.finish()
        // What an earlier version-3 trace lacks.
        try database.execute("DROP VIEW event_cause; DROP VIEW call_cause; DROP TABLE tag;")
        let reader = try TraceReader(database: database)

        XCTAssertFalse(reader.features.hasCauseViews)
        XCTAssertThrowsError(try CauseFinder(reader: reader).why(event: 1)) { error in
            XCTAssertEqual(error as? ReportError, .needsNewerTrace("`rxtrace why`"))
        }
        XCTAssertEqual(try ending(of: 1, in: reader), "ended: disposed (the trace does not say by what)")
        XCTAssertEqual(try reader.tags(ofChain: XCTUnwrap(reader.subscription(1))), [])
    }

    /// The line of `Sink.forwardOn`'s step, as the trace records it.
    private func sinkForwardOnLine(in reader: TraceReader) throws -> Int64 {
        try XCTUnwrap(reader.database.scalar("SELECT line FROM step WHERE name = 'Sink.forwardOn'")?.integer)
    }
}
