import RxCore

/// Seed 004: a sequence that completes cleans up after itself, even when the disposable is
/// thrown away and there is no bag: nothing leaks.
public struct CompletedCleansUpExample: TracedExample {
    public init() {}
    public var name: String { "completed-cleans-up" }
    public var seed: String { "004" }
    public var summary: String { "a completed just needs no DisposeBag: its subscription ends by completion" }

    public func run(_ output: ExampleOutput) {
        _ = Observable.just("done").subscribe(onNext: { output.print($0) })
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension CompletedCleansUpExample {
    public var whatToNotice: String {
        "No DisposeBag and the disposable is thrown away, yet the subscription ends: the completed event disposes the sink, and by the last step every object the subscribe made has run its deinit."
    }
}
