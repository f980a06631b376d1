// Mirrors RxSwift's RxSwift/Observers/AnonymousObserver.swift.

/// The observer behind every closure `subscribe`: calls the closure with each event that
/// passes the stop rule.
///
/// Created by `subscribe(onNext:…)` and the other closure forms; lives as long as the
/// subscription holds it. Counted in ``Resources/total``.
@usableFromInline final class AnonymousObserver<Element>: ObserverBase<Element> {
    @usableFromInline typealias EventHandler = (Event<Element>) -> Void

    @usableFromInline let eventHandler: EventHandler

    /// The user-facing subscription this observer ends on a stop event, if one was recorded.
    @usableFromInline @exclusivity(unchecked) var traceSubscriptionID = SubscriptionID.none

    @inlinable init(_ eventHandler: @escaping EventHandler) {
        Resources.incrementTotal()
        self.eventHandler = eventHandler
        super.init()
    }

    @inlinable override func onCore(_ event: Event<Element>) {
        let call = TraceCall.enter("AnonymousObserver.onCore", on: self, event: event); defer { call.exit() }
        if event.isStopEvent, traceSubscriptionID != .none, let recorder = Instrumentation.recorder {
            recorder.subscriptionTerminated(traceSubscriptionID, by: event.isCompleted ? .completed : .error)
        }
        eventHandler(event)
    }

    deinit {
        Resources.decrementTotal()
    }
}

// Performance: @usableFromInline with an @inlinable `init` and `onCore`, so a client specializes
// the observer for its element type; `traceSubscriptionID` skips the dynamic exclusivity check
// (every row); see Documentation/Performance.md.
