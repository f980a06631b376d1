import RxCore
import RxTesting
import RxTrace
import Synchronization
import XCTest

/// An object `bind(with:onNext:)` hands to its closure.
private final class Owner {
    var received: [Int] = []
}

final class ObservableBindTests: RxCoreTestCase {
    func testBindToObservers_EachObserverGetsEveryEventInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(230)])
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var binding: Disposable?

        scheduler.scheduleAt(200) { binding = xs.bind(to: first, second) }
        scheduler.scheduleAt(300) { binding?.dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(second.events, first.events)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testBindToObservers_AnErrorGoesToTheObservers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom), .next(230, 2)])
        let observer = scheduler.createObserver(Int.self)
        var binding: Disposable?

        scheduler.scheduleAt(200) { binding = xs.bind(to: observer) }
        scheduler.scheduleAt(300) { binding?.dispose() }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testBindToObservers_DisposingTheBindingStopsEveryObserver() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var binding: Disposable?

        scheduler.scheduleAt(200) { binding = xs.bind(to: first, second) }
        scheduler.scheduleAt(225) { binding?.dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(second.events, first.events)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    func testBindToOptionalObservers_EachObserverGetsTheWrappedElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let first = scheduler.createObserver(Int?.self)
        let second = scheduler.createObserver(Int?.self)
        var binding: Disposable?

        scheduler.scheduleAt(200) { binding = xs.bind(to: first, second) }
        scheduler.scheduleAt(300) { binding?.dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(second.events, first.events)
    }

    func testBindToBinderFunction_CallsItOnceWithTheSequenceAndReturnsItsResult() {
        let source = Observable.of(1, 2)
        var calls = 0

        let result = source.bind { (sequence: Observable<Int>) -> String in
            calls += 1
            XCTAssertTrue(sequence === source)
            return "bound"
        }

        XCTAssertEqual(result, "bound")
        XCTAssertEqual(calls, 1)
    }

    func testBindToCurriedBinderFunction_PassesTheSequenceThenTheArgument() {
        let source = Observable.of(1, 2)
        var received: [Int] = []
        var calls = 0
        let binder: (Observable<Int>) -> (Int) -> Disposable = { sequence in
            { offset in
                calls += 1
                return sequence.subscribe(onNext: { received.append($0 + offset) })
            }
        }

        let binding = source.bind(to: binder, curriedArgument: 10)

        XCTAssertEqual(received, [11, 12])
        XCTAssertEqual(calls, 1)
        binding.dispose()
    }

    func testBindOnNext_CallsTheClosureOncePerElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230), .next(240, 3)])
        var received: [Int] = []
        var binding: Disposable?

        scheduler.scheduleAt(200) { binding = xs.bind(onNext: { received.append($0) }) }
        scheduler.scheduleAt(300) { binding?.dispose() }
        scheduler.start()

        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testBindOnNext_AnErrorIsAFatalErrorInDebug() {
        let messages = SynchronizedLog<String>()
        FatalErrorInDebug.intercept = { messages.append($0) }
        defer { FatalErrorInDebug.intercept = nil }
        var received: [Int] = []

        _ = Observable.of(1).concat(Observable.error(TestError.boom)).bind(onNext: { received.append($0) })

        XCTAssertEqual(received, [1])
        XCTAssertEqual(messages.values, ["Binding error: boom"])
    }

    func testBindWithOnNext_PassesTheObjectWithEachElement() {
        let owner = Owner()
        var calls = 0

        _ = Observable.of(1, 2).bind(with: owner) { owner, element in
            calls += 1
            owner.received.append(element)
        }

        XCTAssertEqual(owner.received, [1, 2])
        XCTAssertEqual(calls, 2)
    }

    func testBindWithOnNext_DoesNotRetainTheObjectAndStopsCallingOnceItIsGone() {
        var owner: Owner? = Owner()
        weak let released = owner
        let subject = PublishSubject<Int>()
        var calls = 0
        let binding = subject.bind(with: owner!) { owner, element in
            calls += 1
            owner.received.append(element)
        }

        subject.onNext(1)
        owner = nil
        subject.onNext(2)

        XCTAssertNil(released)
        XCTAssertEqual(calls, 1)
        binding.dispose()
    }

    func testBindWithOnNext_AnErrorIsAFatalErrorInDebug() {
        let messages = SynchronizedLog<String>()
        FatalErrorInDebug.intercept = { messages.append($0) }
        defer { FatalErrorInDebug.intercept = nil }
        let owner = Owner()

        _ = Observable<Int>.error(TestError.other).bind(with: owner) { owner, element in
            owner.received.append(element)
        }

        XCTAssertEqual(messages.values, ["Binding error: other"])
        XCTAssertEqual(owner.received, [])
    }
}

// MARK: - Recording

/// A recorder that keeps the names of the steps and the sites of the subscriptions it is told.
private final class BindingRecorder: TraceRecorder {
    struct State {
        var lastID: Int64 = 0
        var steps: [String] = []
        var subscriptionSites: [CallSite] = []
    }

    let state = LockedState(State())

    var isRecordingValues: Bool { true }

    func objectInitialized(_ type: Any.Type) -> ObjectID {
        state.withLock { state in
            state.lastID += 1
            return ObjectID(rawValue: state.lastID)
        }
    }

    func objectDeinitialized(_ object: ObjectID) {}

    func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail?, file: StaticString, line: UInt
    ) -> CallID {
        state.withLock { state in
            state.steps.append("\(name)")
            state.lastID += 1
            return CallID(rawValue: state.lastID)
        }
    }

    func callExited(_ call: CallID) {}

    func eventDelivered(_ kind: EventKind, value: TraceValue?, from source: ObjectID, to observer: ObjectID) {}

    func subscriptionStarted(observable: ObjectID, observer: ObjectID, at site: CallSite) -> SubscriptionID {
        state.withLock { state in
            state.subscriptionSites.append(site)
            state.lastID += 1
            return SubscriptionID(rawValue: state.lastID)
        }
    }

    func subscriptionReturned(_ subscription: SubscriptionID, disposable: ObjectID) {}

    func subscriptionTerminated(_ subscription: SubscriptionID, by end: SubscriptionEnd) {}

    func objectDisposed(_ object: ObjectID) {}
}

extension ObservableBindTests {
    /// Runs `body` with a ``BindingRecorder`` installed and returns the recorder.
    private func recording(_ body: () -> Void) -> BindingRecorder {
        let recorder = BindingRecorder()
        let previous = Instrumentation.recorder
        Instrumentation.bootstrapInternal(recorder)
        defer { Instrumentation.bootstrapInternal(previous) }
        body()
        return recorder
    }

    func testBindToBinder_RecordsTheBindLineAsTheSubscriptionSiteAndTheBindingSteps() {
        let owner = Owner()
        var line: UInt = 0

        let recorder = recording {
            let binder = Binder(owner, scheduler: CurrentThreadScheduler.instance) { $0.received.append($1) }
            line = #line + 1
            let binding = Observable.just(1).bind(to: binder)
            binding.dispose()
        }

        let (steps, sites) = recorder.state.withLock { ($0.steps, $0.subscriptionSites) }
        let locations = LiveCallSites.locations(of: sites)
        XCTAssertEqual(locations.map { UInt($0.line) }, [line])
        XCTAssertTrue(locations[0].file.hasPrefix("RxCoreTests/"), "\(locations[0])")
        let bindingSteps = steps.filter { ["bind(to:)", "Binder.on", "Binder.binding"].contains($0) }
        XCTAssertEqual(bindingSteps, ["bind(to:)", "Binder.on", "Binder.binding", "Binder.on"])
        XCTAssertEqual(owner.received, [1])
    }

    func testBindOnNext_RecordsTheBindLineAsTheSubscriptionSite() {
        var lines: [UInt] = []

        let recorder = recording {
            lines.append(#line + 1)
            _ = Observable.just(1).bind(onNext: { _ in })
            lines.append(#line + 1)
            _ = Observable.just(1).bind(with: self) { _, _ in }
        }

        let sites = recorder.state.withLock { $0.subscriptionSites }
        XCTAssertEqual(LiveCallSites.locations(of: sites).map { UInt($0.line) }, lines)
    }
}
