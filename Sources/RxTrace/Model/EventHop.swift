/// One event on the way to the event explained, read without call records
/// (`RXTRACE_DETAIL=events`): the event and the thread it was delivered on.
public struct EventHop: Codable, Equatable, Sendable {
    /// The event.
    public var event: EventRecord
    /// The name of the thread it was delivered on ('main', 'T1', …).
    public var threadName: String
}
