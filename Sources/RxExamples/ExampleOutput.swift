import RxCore

/// What an example's subscribers print: collected in order, so that `rxtrace run` can show it
/// and the tests can check it.
public final class ExampleOutput: Sendable {
    /// The lines so far; guarded by its mutex.
    private let storage = LockedState<[String]>([])

    /// An empty output.
    public init() {}

    /// Appends a line: `String(describing: value)`.
    public func print(_ value: Any) {
        let line = String(describing: value)
        storage.withLock { $0.append(line) }
    }

    /// The lines printed so far, in order.
    public var lines: [String] {
        storage.withLock { $0 }
    }
}
