/// What holds objects alive at the end, as far as the trace says: the open subscriptions whose
/// findings explain them, the scheduled work still queued on them, or the function that made
/// them when that function decides their verdict (top-level code, a global's initializer, an
/// XCTest case's initializer). ``LeakWording`` says it in words.
public struct LiveObjectHolder: Codable, Hashable, Sendable {
    /// The open subscriptions (their numbers) that keep them alive: the objects of those
    /// subscriptions' findings, reported above them.
    public var subscriptionIDs: [Int64]? = nil
    /// The scheduled work that holds them: a scheduler's queue that has not run.
    public var pendingWork: PendingWork? = nil
    /// The function that made them, short (`main`, `one-time initialization function for
    /// scheduler`, `LoginTests.init(name:testClosure:)`).
    public var madeIn: String? = nil

    /// A holder: subscriptions, pending work, or the function that made the objects.
    public init(subscriptionIDs: [Int64]? = nil, pendingWork: PendingWork? = nil, madeIn: String? = nil) {
        self.subscriptionIDs = subscriptionIDs
        self.pendingWork = pendingWork
        self.madeIn = madeIn
    }
}
