// RxCore's own: RxSwift has nothing like it. A trace needs to know which test made an object
// when many tests run at once in one process.

import Synchronization

/// A unit of work whose objects and subscriptions belong together in a trace, such as one
/// test; the leak checks charge what leaked to the scope that created it.
///
/// A scope is bound for a stretch of code with `TraceScope.$current.withValue(scope) { … }`.
/// The binding is task-local, so parallel tests each see their own, and it follows the code
/// into child tasks, but not onto threads the code hands work to (a `DispatchQueue`): objects
/// created there have no scope. A recorder reads ``current`` when an object is created and
/// when a subscription starts; nothing reads it while nothing records.
public struct TraceScope: Hashable, Sendable, CustomStringConvertible {
    /// The scope's serial number in this process, from 1.
    public let id: Int64
    /// What the scope is, for people: a test's name.
    public let name: String

    /// A new scope with the next serial number.
    public init(name: String) {
        self.id = lastScopeID.wrappingAdd(1, ordering: .relaxed).newValue
        self.name = name
    }

    /// The scope bound to the running code, or `nil` outside any scope.
    @TaskLocal public static var current: TraceScope?

    /// `MapTests.testMap_Never (scope 3)`.
    public var description: String { "\(name) (scope \(id))" }
}

/// The last serial number a ``TraceScope`` took.
private let lastScopeID = Atomic<Int64>(0)
