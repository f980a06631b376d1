import RxCore

/// Seed 004 builds `flatMap` by hand; its sibling `concat` subscribes to one source after
/// another. RxSwift does it with `TailRecursiveSink`: each source's completion asks the sink
/// to move on, and the move runs in a loop on the sink's gate rather than inside the
/// completion, so a long concatenation never deepens the stack.
public struct ConcatExample: TracedExample {
    public init() {}
    public var name: String { "concat" }
    public var seed: String { "004" }
    public var summary: String { "concat subscribes to each source when the previous one completes, in TailRecursiveSink's loop" }

    public func run(_ output: ExampleOutput) {
        _ = Observable.concat([Observable.just(1), Observable.of(2, 3)])
            .subscribe { event in output.print(event) }
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension ConcatExample {
    public var whatToNotice: String {
        "Each source is subscribed only when the one before it completes. Step to a completion and see the next subscribe happen in TailRecursiveSink's loop rather than inside the completion, so the call tree stays shallow."
    }
}
