import RxCore

/// One user-made subscription, as the `subscription` table describes it.
public struct SubscriptionRecord: Codable, Equatable, Sendable {
    /// The subscription's serial id.
    public var id: Int64
    /// When subscribe was called, in ns since the run started.
    public var startNanoseconds: Int64
    /// The thread that subscribed.
    public var threadName: String
    /// The subscribe call, root of the subscription's flow.
    public var callID: Int64?
    /// The observable subscribed to.
    public var observableObjectID: Int64?
    /// That observable's type.
    public var observableTypeName: String?
    /// The observer receiving the events.
    public var observerObjectID: Int64?
    /// The disposable subscribe returned.
    public var disposableObjectID: Int64?
    /// The `#fileID` of the user code that subscribed.
    public var file: String
    /// The line of the user code that subscribed.
    public var line: Int
    /// When it ended; `nil` if it never did.
    public var endNanoseconds: Int64?
    /// How it ended: disposed, completed or error; `nil` if it never ended (or, in a damaged
    /// trace, ended in a way this build does not know).
    public var endKind: SubscriptionEnd?
    /// The scope (test) that subscribed; `nil` outside any scope.
    public var scopeID: Int64?
    /// The virtual clock when subscribe was called, if a virtual time scheduler was running work.
    public var virtualTime: Int64?
    /// The call open when it ended (the observer's step that received the terminal event, or
    /// the step that disposed it); `nil` if it never ended, ended at top level, or the trace
    /// predates `subscription.end_call_id`.
    public var endCallID: Int64?

    /// A subscription with every field given.
    public init(
        id: Int64, startNanoseconds: Int64, threadName: String, callID: Int64?, observableObjectID: Int64?,
        observableTypeName: String?, observerObjectID: Int64?, disposableObjectID: Int64?, file: String, line: Int,
        endNanoseconds: Int64?, endKind: SubscriptionEnd?, scopeID: Int64? = nil, virtualTime: Int64? = nil,
        endCallID: Int64? = nil
    ) {
        self.id = id
        self.startNanoseconds = startNanoseconds
        self.threadName = threadName
        self.callID = callID
        self.observableObjectID = observableObjectID
        self.observableTypeName = observableTypeName
        self.observerObjectID = observerObjectID
        self.disposableObjectID = disposableObjectID
        self.file = file
        self.line = line
        self.endNanoseconds = endNanoseconds
        self.endKind = endKind
        self.scopeID = scopeID
        self.virtualTime = virtualTime
        self.endCallID = endCallID
    }

    /// `RxExamples/EmptyExample.swift:14`; `an unknown line` when no frame of the stack it was
    /// subscribed from lay outside RxCore (`file` is '').
    public var site: String { SourceLine.text(file: file, line: line) }

    /// Whether it was neither disposed nor terminated.
    public var isOpen: Bool { endKind == nil }

    /// Whether it was still open when the run ended, by ``LeakRules/isOpen(hasEnded:isDisposableTraced:isObserverAlive:)``:
    /// it has not ended, and, when the disposable its `subscribe` returned is not traced, its
    /// observer is still alive (`isObserverAlive`), so it could still receive.
    public func isStillOpen(isObserverAlive: Bool) -> Bool {
        LeakRules.isOpen(
            hasEnded: !isOpen, isDisposableTraced: disposableObjectID != nil, isObserverAlive: isObserverAlive)
    }
}
