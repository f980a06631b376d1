// Mirrors RxSwift's RxSwift/Observables/Sink.swift.
// Deviation from RxSwift: `SinkForward` is a struct, and on a stop event it disposes the sink
// (which marks it disposed and then disposes its cancel) where RxSwift's disposes the cancel only.

import Synchronization

/// The base of every operator's per-subscription state: holds the downstream observer and
/// forwards events to it until disposed.
///
/// Each operator subclasses it (`MapSink`, `FilterSink`, …); ``Producer/run(_:cancel:)``
/// creates one per subscription, and the subscription's ``SinkDisposer`` releases it.
/// Counted in ``Resources/total``.
@usableFromInline class Sink<Observer: ObserverType>: Disposable, TraceableObject {
    /// The downstream observer.
    @usableFromInline let observer: Observer
    /// The subscription's ``SinkDisposer``; disposing the sink disposes it.
    @usableFromInline let cancel: Cancelable
    /// 1 once disposed: later events are not forwarded.
    @usableFromInline let disposed = Atomic<Int>(0)

    /// The id the recorder gave this sink, or ``ObjectID/none``.
    @usableFromInline @exclusivity(unchecked) private(set) var traceObjectID = ObjectID.none

    @usableFromInline init(observer: Observer, cancel: Cancelable) {
        Resources.incrementTotal()
        self.observer = observer
        self.cancel = cancel
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    /// Sends `event` downstream unless the sink was disposed.
    @inlinable @inline(__always) final func forwardOn(_ event: Event<Observer.Element>) {
        let isDisposed = self.isDisposed, call = TraceCall.enter("Sink.forwardOn", on: self, forwarding: event, isDelivered: !isDisposed); defer { call.exit() }
        if isDisposed {
            return
        }
        // `TraceCall.enter(_:on:forwarding:isDelivered:)` recorded the event's hop above.
        observer.on(event)
    }

    /// An observer that forwards to this sink's observer; for operators that hand the
    /// downstream observer to user code.
    final func forwarder() -> SinkForward<Observer> {
        SinkForward(forward: self)
    }

    /// Whether the sink was disposed.
    @inlinable final var isDisposed: Bool {
        disposed.load(ordering: .acquiring) == 1
    }

    /// Marks the sink disposed and disposes its subscription.
    @inlinable func dispose() {
        let call = TraceCall.enter("Sink.dispose", on: self); defer { call.exit() }
        disposed.store(1, ordering: .releasing)
        cancel.dispose()
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
        Resources.decrementTotal()
    }

    /// The observer's trace id once the first recorded event found it, or -1 before.
    @usableFromInline let cachedObserverTraceID = Atomic<Int64>(-1)

    /// The observer's trace id, found by a dynamic cast the first time an event is recorded
    /// and kept: an object's id never changes, and the cast was a third of each event hook.
    /// Kept in an atomic, so that a source breaking the grammar (two threads sending at once)
    /// makes the cast twice and no data race.
    @usableFromInline final var observerTraceID: ObjectID {
        let cached = cachedObserverTraceID.load(ordering: .relaxed)
        if cached >= 0 {
            return ObjectID(rawValue: cached)
        }
        let id = Instrumentation.traceID(of: observer)
        cachedObserverTraceID.store(id.rawValue, ordering: .relaxed)
        return id
    }

    /// Marks the sink disposed, so that it forwards nothing more, without tearing anything
    /// down yet: for a sink that decides to stop while holding its lock and calls ``dispose()``
    /// after unlocking, so that no upstream teardown runs under its lock.
    final func markDisposed() {
        disposed.store(1, ordering: .releasing)
    }
}

/// An observer that forwards events to a ``Sink``'s observer and ends the sink on a stop event.
struct SinkForward<Observer: ObserverType>: ObserverType {
    typealias Element = Observer.Element

    private let forward: Sink<Observer>

    init(forward: Sink<Observer>) {
        self.forward = forward
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            forward.observer.on(event)
        case .error, .completed:
            forward.observer.on(event)
            forward.dispose()
        }
    }
}

// Performance: `forwardOn`, `isDisposed` and `dispose` are @inlinable (the fields
// @usableFromInline) so a specialized sink forwards without a call; the id skips the dynamic
// exclusivity check (rows W1s, W1r, W2, W4, W5z); see Documentation/Performance.md.
// Performance: `forwardOn` is always inlined, so an unspecialized sink reuses the event's generic
// metadata it already looked up, and its step's entry records the event's hop in the same hook
// (issue 23; Documentation/Recording.md, "The hooks' instructions, counted").
// Performance: `forwardOn` records its events with the observer's id kept in `observerTraceID`
// (declared last, so no traced line moved) instead of a dynamic cast per event (W1s recorded:
// producer CPU per record); see Benchmarks/README.md.
