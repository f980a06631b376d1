// Mirrors RxSwift's RxSwift/Observers/ObserverBase.swift.

import Synchronization

/// The base of observers that enforce the stop rule: after `error` or `completed`, every
/// event is dropped.
///
/// ``on(_:)`` sets `isStopped` with one atomic exchange, so of two racing stop events only one
/// reaches ``onCore(_:)``. Subclasses implement ``onCore(_:)``.
@usableFromInline class ObserverBase<Element>: Disposable, ObserverType, TraceableObject {
    /// 1 once a stop event passed or the observer was disposed.
    @usableFromInline let isStopped = Atomic<Int>(0)

    /// The id the recorder gave this observer, or ``ObjectID/none``.
    @usableFromInline @exclusivity(unchecked) private(set) var traceObjectID = ObjectID.none

    @usableFromInline init() {
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    /// Delivers `event` unless the observer has stopped; a stop event stops it.
    @inlinable @inline(__always) func on(_ event: Event<Element>) {
        let call = TraceCall.enter("ObserverBase.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next:
            if isStopped.load(ordering: .acquiring) == 0 {
                onCore(event)
            }
        case .error, .completed:
            if isStopped.exchange(1, ordering: .acquiringAndReleasing) == 0 {
                onCore(event)
            }
        }
    }

    /// Handles an event that passed the stop rule; subclasses implement it.
    @usableFromInline func onCore(_ event: Event<Element>) {
        rxAbstractMethod()
    }

    /// Stops the observer: later events are dropped.
    @inlinable func dispose() {
        isStopped.store(1, ordering: .releasing)
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

// Performance: `on` and `dispose` are @inlinable (fields @usableFromInline) and `on` always
// inlined, so a caller that knows the observer's class (an `AnonymousObserver`, which is final)
// applies the stop rule in its own code and calls the specialized `onCore` directly, not through
// the vtable; the id skips the dynamic exclusivity check (rows W3, every row's last hop); see
// Documentation/Performance.md.
