import RxCore

/// A recorder whose hooks all go to one ``RecordingSession``: ``SQLiteTraceRecorder`` (a
/// trace file) and ``InMemoryTraceRecorder`` (a database for tests) differ only in where the
/// session writes, so RxCore's hooks are forwarded here, once for both.
protocol RecordingSessionForwarding: TraceRecorder {
    /// The session that hands the hooks' records to the writer thread.
    var session: RecordingSession { get }
}

extension RecordingSessionForwarding {
    public var isRecordingValues: Bool { session.isRecordingValues }

    public var isRecordingCalls: Bool { session.detail == .calls }

    public var isRecordingCallers: Bool { session.isRecordingCallers }

    public func objectInitialized(_ type: Any.Type) -> ObjectID {
        session.objectInitialized(type)
    }

    public func objectDeinitialized(_ object: ObjectID) {
        session.objectDeinitialized(object)
    }

    public func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail?, file: StaticString, line: UInt
    ) -> CallID {
        session.callEntered(name, object: object, detail: detail, file: file, line: line)
    }

    public func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail?, file: StaticString, line: UInt,
        callers: CallerAddresses
    ) -> CallID {
        session.callEntered(name, object: object, detail: detail, file: file, line: line, callers: callers)
    }

    public func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail, file: StaticString, line: UInt,
        deliveringTo observer: ObjectID
    ) -> CallID {
        session.callEntered(name, object: object, detail: detail, file: file, line: line, deliveringTo: observer)
    }

    public func callExited(_ call: CallID) {
        session.callExited(call)
    }

    public func eventDelivered(_ kind: EventKind, value: TraceValue?, from source: ObjectID, to observer: ObjectID) {
        session.eventDelivered(kind, value: value, from: source, to: observer)
    }

    public func subscriptionStarted(observable: ObjectID, observer: ObjectID, at site: CallSite) -> SubscriptionID {
        session.subscriptionStarted(observable: observable, observer: observer, at: site)
    }

    public func subscriptionReturned(_ subscription: SubscriptionID, disposable: ObjectID) {
        session.subscriptionReturned(subscription, disposable: disposable)
    }

    public func subscriptionTerminated(_ subscription: SubscriptionID, by end: SubscriptionEnd) {
        session.subscriptionTerminated(subscription, by: end)
    }

    public func objectDisposed(_ object: ObjectID) {
        session.objectDisposed(object)
    }

    public func observableAssembled(_ observable: ObjectID, by name: StaticString, at site: CallSite) {
        session.observableAssembled(observable, by: name, at: site)
    }

    public func observableTagged(_ observable: ObjectID, as tag: String, at site: CallSite) {
        session.observableTagged(observable, as: tag, at: site)
    }

    public func disposableInserted(_ disposable: ObjectID, into bag: ObjectID) {
        session.disposableInserted(disposable, into: bag)
    }
}
