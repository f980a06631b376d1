// Mirrors RxSwift's RxSwift/Observables/Producer.swift.
// Deviation from RxSwift: `subscribe` makes the sink in `subscribeNow`, called directly or through
// `CurrentThreadScheduler.scheduleNow` (RxSwift: inline, or in a closure passed to `schedule(())`).

import Synchronization

/// The base of operator observables: says what an operator is, while each subscription's state
/// lives in a ``Sink`` that ``run(_:cancel:)`` creates.
///
/// ``subscribe(_:)`` runs the operator through the `CurrentThreadScheduler` trampoline when it
/// is the outermost subscribe on the thread, and directly otherwise.
@usableFromInline class Producer<Element>: Observable<Element> {
    @inlinable override init() {
        super.init()
    }

    @inlinable @inline(__always) override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let call = TraceCall.enter("Producer.subscribe", on: self); defer { call.exit() }
        if !CurrentThreadScheduler.isScheduleRequired {
            return subscribeNow(observer)
        }
        return CurrentThreadScheduler.instance.scheduleNow {
            subscribeNow(observer)
        }
    }

    /// Creates the subscription's ``SinkDisposer``, runs the operator, and hands the disposer
    /// its sink and upstream subscription.
    @inlinable @inline(__always) final func subscribeNow<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let disposer = SinkDisposer()
        let sinkAndSubscription = run(observer, cancel: disposer)
        disposer.setSinkAndSubscription(sink: sinkAndSubscription.sink, subscription: sinkAndSubscription.subscription)
        return disposer
    }

    /// Subscribes `observer` through a new sink; operators implement it.
    ///
    /// - Returns: the sink and the upstream subscription, which the caller's ``SinkDisposer``
    ///   disposes together.
    @inlinable func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        rxAbstractMethod()
    }
}

/// The disposable every ``Producer`` subscription returns: ties the sink to its upstream
/// subscription and disposes both, once.
///
/// Created by `Producer.subscribe`; `dispose()` may arrive before `run` returns (a sequence
/// that completes while subscribing), so it keeps two flag bits and disposes the pair as soon
/// as both are known. Not counted in ``Resources/total``, as in RxSwift.
@usableFromInline final class SinkDisposer: Cancelable, TraceableObject {
    private enum State: Int {
        case disposed = 1
        case sinkAndSubscriptionSet = 2
    }

    /// Bits of ``State``; set with atomic `or`.
    private let state = Atomic<Int>(0)
    /// Set once by `setSinkAndSubscription`, cleared by whichever call sees both bits.
    @exclusivity(unchecked) private var sink: Disposable?
    @exclusivity(unchecked) private var subscription: Disposable?

    /// The id the recorder gave this disposer, or ``ObjectID/none``.
    @usableFromInline @exclusivity(unchecked) private(set) var traceObjectID = ObjectID.none

    @usableFromInline init() {
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    @usableFromInline var isDisposed: Bool {
        state.load(ordering: .acquiring) & State.disposed.rawValue != 0
    }

    /// Stores the sink and subscription; disposes them at once if `dispose()` came first.
    @usableFromInline func setSinkAndSubscription(sink: Disposable, subscription: Disposable) {
        let call = TraceCall.enter("SinkDisposer.setSinkAndSubscription", on: self); defer { call.exit() }
        self.sink = sink
        self.subscription = subscription

        let previous = state.bitwiseOr(State.sinkAndSubscriptionSet.rawValue, ordering: .acquiringAndReleasing).oldValue
        precondition(previous & State.sinkAndSubscriptionSet.rawValue == 0, "Sink and subscription were already set")
        if previous & State.disposed.rawValue != 0 {
            sink.dispose()
            subscription.dispose()
            self.sink = nil
            self.subscription = nil
        }
    }

    @usableFromInline func dispose() {
        let call = TraceCall.enterFromUser("SinkDisposer.dispose", on: self); defer { call.exit() }
        let previous = state.bitwiseOr(State.disposed.rawValue, ordering: .acquiringAndReleasing).oldValue
        guard previous & State.disposed.rawValue == 0 else { return }
        Instrumentation.objectDisposed(traceObjectID)
        guard previous & State.sinkAndSubscriptionSet.rawValue != 0 else { return }
        guard let sink, let subscription else { rxFatalError("Sink and subscription should be set") }
        sink.dispose()
        subscription.dispose()
        self.sink = nil
        self.subscription = nil
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

// Performance: `subscribe`, `subscribeNow` and `run` are @inlinable, the first two always inlined;
// `SinkDisposer` is @usableFromInline and its id skips the dynamic exclusivity check (rows W1s, W2,
// W4); see Documentation/Performance.md.
// Performance: `SinkDisposer`'s `sink` and `subscription` are ordered by its atomic `state` and
// skip the dynamic exclusivity check (W2: one set and one dispose per subscription); see
// Benchmarks/README.md.
