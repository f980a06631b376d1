import RxCore

/// One event passing between two objects, as the `event` table describes it.
public struct EventRecord: Codable, Equatable, Sendable {
    /// The event's serial id.
    public var id: Int64
    /// When it was delivered, in ns since the run started.
    public var timeNanoseconds: Int64
    /// The call that delivered it.
    public var callID: Int64?
    /// `next`, `error` or `completed`; `nil` for a kind this build does not know, which only a
    /// damaged trace holds (the schema's CHECK allows no other).
    public var kind: EventKind?
    /// The element's or error's description, if recorded.
    public var value: String?
    /// The sender.
    public var sourceObjectID: Int64?
    /// The receiver.
    public var observerObjectID: Int64?
}
