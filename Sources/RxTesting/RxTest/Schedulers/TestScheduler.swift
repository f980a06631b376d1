// Mirrors RxSwift's RxTest/Schedulers/TestScheduler.swift.

import RxCore

/// A virtual time scheduler for tests: creates hot and cold test observables and recording
/// observers on one `Int` clock, and runs a sequence under test from creation to disposal.
///
/// ```
/// let scheduler = TestScheduler(initialClock: 0)
/// let xs = scheduler.createHotObservable([.next(210, 2), .completed(250)])
/// let res = scheduler.start { xs.map { $0 * 2 } }
/// // res.events == [.next(210, 4), .completed(250)]
/// // xs.subscriptions == [Subscription(200, 250)]
/// ```
///
/// Counted in `Resources.total` (through ``VirtualTimeScheduler``), as in RxSwift.
public class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter> {
    /// The virtual times ``start(_:)`` uses.
    public struct Defaults {
        /// When the sequence under test is created.
        public static let created = 100
        /// When it is subscribed to.
        public static let subscribed = 200
        /// When the subscription is disposed.
        public static let disposed = 1000
    }

    /// Whether work scheduled for now runs one tick later.
    private let simulateProcessingDelay: Bool

    /// A test scheduler whose clock starts at `initialClock`.
    ///
    /// - Parameters:
    ///   - initialClock: the virtual time before any work runs.
    ///   - resolution: seconds of real time per tick, for operators that schedule by real
    ///     intervals.
    ///   - simulateProcessingDelay: when `true`, work scheduled (through `schedule` or
    ///     `scheduleRelative`) for a time that is not later than now runs at now + 1.
    public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        self.simulateProcessingDelay = simulateProcessingDelay
        super.init(initialClock: initialClock, converter: TestSchedulerVirtualTimeConverter(resolution: resolution))
    }

    /// An observable that sends `events` at their absolute virtual times, to whoever is
    /// subscribed then.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        HotObservable(testScheduler: self, recordedEvents: events)
    }

    /// An observable that sends `events` to each subscriber, each at its offset from that
    /// subscription's virtual time.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        ColdObservable(testScheduler: self, recordedEvents: events)
    }

    /// An observer that records the events it receives with their virtual times.
    ///
    /// - Parameter type: the element type, to spell what the compiler cannot infer.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Schedules `action` at the absolute virtual time `time`.
    public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
        _ = scheduleAbsoluteVirtual((), time: time) { _ in
            action()
            return Disposables.create()
        }
    }

    /// `time`, or, for a time not later than now, now + 1 (or now, without simulated
    /// processing delay).
    override public func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
        time <= clock ? clock + (simulateProcessingDelay ? 1 : 0) : time
    }

    /// Creates the sequence under test at `created`, subscribes a recording observer at
    /// `subscribed`, disposes the subscription at `disposed`, and runs the scheduler until no
    /// work is left.
    ///
    /// - Returns: the observer, holding what the sequence sent while subscribed.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        created: TestTime, subscribed: TestTime, disposed: TestTime, create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        var source: Observable<Element>?
        var subscription: Disposable?
        let observer = createObserver(Element.self)

        _ = scheduleAbsoluteVirtual((), time: created) { _ in
            source = create().asObservable()
            return Disposables.create()
        }
        _ = scheduleAbsoluteVirtual((), time: subscribed) { _ in
            subscription = source!.subscribe(observer)
            return Disposables.create()
        }
        _ = scheduleAbsoluteVirtual((), time: disposed) { _ in
            subscription!.dispose()
            return Disposables.create()
        }

        start()
        return observer
    }

    /// ``start(created:subscribed:disposed:create:)`` with creation at 100 and
    /// subscription at 200.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        disposed: TestTime, create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create: create)
    }

    /// ``start(created:subscribed:disposed:create:)`` with creation at 100, subscription at
    /// 200 and disposal at 1000.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        _ create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(
            created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, create: create
        )
    }
}
