/// What part an object plays in a chain, told from its type's name: what the diagrams draw it as.
public enum ObjectRole: String, Codable, Sendable {
    /// An observable an operator or factory returned: `Map`, `Just`.
    case observable
    /// A subject or relay: both an observable and an observer.
    case subject
    /// One subscription's state inside an operator: `MapSink`.
    case sink
    /// An observer: `AnonymousObserver`, an operator's inner observer.
    case observer
    /// A disposable: `SinkDisposer`, `BinaryDisposable`, `DisposeBag`.
    case disposable
    /// A scheduler.
    case scheduler

    /// The role of an object of type `typeName` (`MapSink<Int, AnonymousObserver<Int>>`).
    public init(typeName: String) {
        let base = typeName.prefix { $0 != "<" }
        if base.hasSuffix("Subject") || base.hasSuffix("Relay") {
            self = .subject
        } else if base.hasSuffix("Sink") {
            self = .sink
        } else if base.hasSuffix("Observer") {
            self = .observer
        } else if base.contains("Dispos") {
            self = .disposable
        } else if base.contains("Scheduler") {
            self = .scheduler
        } else {
            self = .observable
        }
    }
}
