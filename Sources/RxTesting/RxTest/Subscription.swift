// Mirrors RxSwift's RxTest/Subscription.swift.

/// When an observer subscribed to a test observable, and when it unsubscribed, in virtual
/// time: `Subscription(200, 250)`.
public struct Subscription: Hashable {
    /// The virtual time of the subscription.
    public let subscribe: Int
    /// The virtual time of the unsubscription, or `Int.max` while still subscribed.
    public let unsubscribe: Int

    /// A subscription at `subscribe` that has not ended.
    public init(_ subscribe: Int) {
        self.subscribe = subscribe
        self.unsubscribe = Int.max
    }

    /// A subscription at `subscribe` that ended at `unsubscribe`.
    public init(_ subscribe: Int, _ unsubscribe: Int) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }
}

extension Subscription: CustomDebugStringConvertible {
    /// `(200 : 250)`, or `(200 : Infinity)` while still subscribed.
    public var debugDescription: String {
        let infiniteText = "Infinity"
        return "(\(subscribe) : \(unsubscribe != Int.max ? String(unsubscribe) : infiniteText))"
    }
}
