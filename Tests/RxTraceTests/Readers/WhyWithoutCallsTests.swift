import Dispatch
import RxCore
@testable import RxTrace
import XCTest

/// `rxtrace why` on a trace recorded with `RXTRACE_DETAIL=events` (no calls): the chain is read
/// from the events alone, each event's sender back to the event it received, across threads
/// and through an operator's inner observers.
final class WhyWithoutCallsTests: RxTraceTestCase {
    /// Records `body`'s Rx work without the calls, and returns the finished trace.
    private func eventsOnlyTrace(_ body: () -> Void) throws -> TraceReader {
        let recorder = try InMemoryTraceRecorder(detail: .events)
        Instrumentation.bootstrapInternal(recorder)
        defer { Instrumentation.bootstrapInternal(nil) }
        body()
        Instrumentation.bootstrapInternal(nil)
        return try TraceReader(database: recorder.finish())
    }

    func testAMapChain_walksFromTheSubscribersEventBackToTheSubjectThatSentTheFirst() throws {
        let reader = try eventsOnlyTrace {
            let subject = PublishSubject<Int>()
            let subscription = subject.map { $0 * 10 }.subscribe(onNext: { _ in })
            subject.onNext(1)
            subject.onNext(2)
            subscription.dispose()
        }
        let finder = CauseFinder(reader: reader)
        let event = try finder.event(nth: 2, ofSubscription: 1)

        let why = try XCTUnwrap(finder.why(event: event.id))

        XCTAssertEqual(reader.run.detail, .events)
        XCTAssertEqual(why.event, "next(20)")
        XCTAssertEqual(why.hops.map(\.kind), ["event", "event"])
        XCTAssertTrue(why.hops[0].text.hasPrefix("next(2) from PublishSubject<Int> #1 to MapSink<…> #"), why.hops[0].text)
        XCTAssertTrue(why.hops[1].text.hasPrefix("next(20) from MapSink<…> #"), why.hops[1].text)
        XCTAssertEqual(why.hops.map(\.location), ["", ""], "no step is known without the calls")
        XCTAssertEqual(
            why.origin, "PublishSubject<Int> #1 · thread main, which sent next(2) having received no traced event before it"
        )
        XCTAssertNotNil(why.subscriber)
        XCTAssertTrue(try XCTUnwrap(why.note).hasPrefix("Recorded with RXTRACE_DETAIL=events (no calls)"))
    }

    func testObserveOn_crossesTheThreadToTheSubjectsDeliveryToItsOwnSink() throws {
        let reader = try eventsOnlyTrace {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxtrace.tests.why.events")
            let subject = PublishSubject<Int>()
            let observed = subject.observe(on: scheduler).subscribe(onNext: { _ in })
            let direct = subject.subscribe(onNext: { _ in })
            let gate = DispatchSemaphore(value: 0)
            _ = scheduler.schedule(()) { _ in
                XCTAssertEqual(gate.wait(timeout: .now() + 10), .success, "the gate never opened")
                return Disposables.create()
            }
            subject.onNext(1)
            subject.onNext(2)
            gate.signal()
            let fence = DispatchSemaphore(value: 0)
            _ = scheduler.schedule(()) { _ in
                fence.signal()
                return Disposables.create()
            }
            XCTAssertEqual(fence.wait(timeout: .now() + 5), .success, "the queue never drained")
            observed.dispose()
            direct.dispose()
        }
        let finder = CauseFinder(reader: reader)

        for nth in 1...2 {
            let event = try finder.event(nth: nth, ofSubscription: 1)
            let why = try XCTUnwrap(finder.why(event: event.id))

            XCTAssertEqual(why.hops.map(\.kind), ["event", "thread", "event"], "event \(nth)")
            XCTAssertTrue(
                why.hops[0].text.hasPrefix("next(\(nth)) from PublishSubject<Int> #2 to ObserveOnSerialDispatchQueueSink<"),
                why.hops[0].text
            )
            XCTAssertTrue(why.hops[1].text.hasPrefix("from thread main to thread "), why.hops[1].text)
            XCTAssertNotEqual(why.hops[2].threadName, "main")
        }
    }

    func testFlatMapInner_followsTheInnerObserverThatForwardsThroughItsSink() throws {
        let reader = try eventsOnlyTrace {
            let outer = PublishSubject<Int>()
            let inner = PublishSubject<Int>()
            let subscription = outer.flatMap { _ in inner }.subscribe(onNext: { _ in })
            outer.onNext(0)
            inner.onNext(5)
            subscription.dispose()
        }
        let finder = CauseFinder(reader: reader)

        let why = try XCTUnwrap(finder.why(event: finder.event(nth: 1, ofSubscription: 1).id))

        XCTAssertEqual(why.hops.map(\.kind), ["event", "event"])
        XCTAssertTrue(why.hops[0].text.hasPrefix("next(5) from PublishSubject<Int> #2 to MergeSinkIter<"), why.hops[0].text)
        XCTAssertTrue(why.hops[1].text.hasPrefix("next(5) from FlatMapSink<"), why.hops[1].text)
    }

    func testTakeCuttingASubscriptionShort_endsNamingTheElementThatEndedIt_fromTheEventsAlone() throws {
        let reader = try eventsOnlyTrace {
            let subject = PublishSubject<Int>()
            _ = subject.take(1).subscribe(onNext: { _ in })
            subject.onNext(7)
        }

        let ended = try CauseFinder(reader: reader).ending(of: XCTUnwrap(reader.subscription(1)))

        XCTAssertTrue(ended.hasPrefix("ended: completed by TakeCountSink<…> #"), ended)
        XCTAssertTrue(ended.hasSuffix("cutting it short on next(7) from PublishSubject<Int> #1"), ended)
    }

    func testTheRenderedExplanation_namesEachHopsThread_andSaysHowTheChainWasFound() throws {
        let reader = try eventsOnlyTrace {
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { _ in })
            subject.onNext(3)
            subscription.dispose()
        }
        let finder = CauseFinder(reader: reader)

        let text = WhyRenderer().render(try XCTUnwrap(finder.why(event: finder.event(nth: 1, ofSubscription: 1).id)))

        XCTAssertTrue(text.contains("1. next(3) from PublishSubject<Int> #1 to AnonymousObserver<Int> #"), text)
        XCTAssertTrue(text.contains("\n      on thread main\n"), text)
        XCTAssertTrue(text.hasSuffix("record with calls for them."), text)
        XCTAssertFalse(text.contains("No steps to follow"), text)
    }
}
