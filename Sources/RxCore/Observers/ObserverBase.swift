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
    @inlinable func on(_ event: Event<Element>) {
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

// Performance: `on` and `dispose` are @inlinable (fields @usableFromInline), so a specialized observer applies the stop rule without a call; the id skips the dynamic exclusivity check (every row); see Documentation/Performance.md.
