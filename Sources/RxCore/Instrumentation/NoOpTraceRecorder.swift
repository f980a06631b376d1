// RxCore's own, after swift-distributed-tracing's NoOpTracer.

/// A recorder that records nothing; what ``Instrumentation/recorder`` means when none is
/// installed.
///
/// The instrumented core never calls it: the hooks check ``Instrumentation/recorder`` for
/// `nil` first. It exists for code that wants a recorder value to pass around.
public final class NoOpTraceRecorder: TraceRecorder {
    /// A recorder that discards everything.
    public init() {}

    public var isRecordingValues: Bool { false }
    public func objectInitialized(_ type: Any.Type) -> ObjectID { .none }
    public func objectDeinitialized(_ object: ObjectID) {}
    public func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail?, file: StaticString, line: UInt
    ) -> CallID { .none }
    public func callExited(_ call: CallID) {}
    public func eventDelivered(_ kind: EventKind, value: TraceValue?, from source: ObjectID, to observer: ObjectID) {}
    public func subscriptionStarted(observable: ObjectID, observer: ObjectID, at site: CallSite) -> SubscriptionID {
        .none
    }
    public func subscriptionReturned(_ subscription: SubscriptionID, disposable: ObjectID) {}
    public func subscriptionTerminated(_ subscription: SubscriptionID, by end: SubscriptionEnd) {}
    public func objectDisposed(_ object: ObjectID) {}
}
