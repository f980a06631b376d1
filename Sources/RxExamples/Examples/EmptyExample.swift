import RxCore

/// Seed 001: `Observable<Int>.empty().subscribe { print($0) }`, the walk through RxSwift's
/// source that the article makes: `empty` → `subscribe` → `AnonymousObserver` →
/// `subscribeSafe` → `Empty.subscribe` → `on(.completed)`.
public struct EmptyExample: TracedExample {
    public init() {}
    public var name: String { "empty" }
    public var seed: String { "001" }
    public var summary: String { "empty() completes its subscriber inside subscribe, with no sink" }

    public func run(_ output: ExampleOutput) {
        _ = Observable<Int>.empty().subscribe { event in
            output.print(event)
        }
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension EmptyExample {
    public var whatToNotice: String {
        "The article's whole walk in one flow: empty() builds EmptyProducer, subscribe wraps the closure in an AnonymousObserver, subscribeSafe calls Empty.subscribe, which sends completed at once. No sink and no SinkDisposer are made."
    }
}
