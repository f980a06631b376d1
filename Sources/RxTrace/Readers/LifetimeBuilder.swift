/// The lifetimes of a run: every object from init to deinit, every subscription from
/// subscribe to its end.
public struct Lifetimes: Codable, Equatable, Sendable {
    /// Every object, in order of creation.
    public var objects: [ObjectRecord]
    /// Every user-made subscription, in order of subscribe.
    public var subscriptions: [SubscriptionRecord]
}

/// Reads the lifetimes of objects and subscriptions from a trace.
public struct LifetimeBuilder {
    private let reader: TraceReader

    /// A builder reading from `reader`.
    public init(reader: TraceReader) {
        self.reader = reader
    }

    /// The run's lifetimes.
    public func lifetimes() throws -> Lifetimes {
        Lifetimes(objects: try reader.objects(), subscriptions: try reader.subscriptions())
    }
}
