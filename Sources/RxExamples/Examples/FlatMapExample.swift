import RxCore

/// Seed 004: `flatMap` subscribes to an inner observable per element and merges them.
public struct FlatMapExample: TracedExample {
    public init() {}
    public var name: String { "flatmap" }
    public var seed: String { "004" }
    public var summary: String { "flatMap subscribes an inner just per element and completes after all of them" }

    public func run(_ output: ExampleOutput) {
        _ = Observable.of(1, 2)
            .flatMap { value in Observable.just(value * 10) }
            .subscribe { event in output.print(event) }
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension FlatMapExample {
    public var whatToNotice: String {
        "Each outer element makes an inner just and a subscription to it; the inner completions do not complete the result, only the outer completion after all inners have ended does."
    }
}
