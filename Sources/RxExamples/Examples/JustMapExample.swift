import RxCore

/// Seed 004: `just(1).map { $0 * 2 }`: a Producer with a Sink, the trampoline, and a
/// subscription that cleans itself up when `just` completes.
public struct JustMapExample: TracedExample {
    public init() {}
    public var name: String { "just-map" }
    public var seed: String { "004" }
    public var summary: String { "just(1).map { $0 * 2 }: Producer.subscribe, Map.run, MapSink, forwardOn" }

    public func run(_ output: ExampleOutput) {
        _ = Observable.just(1)
            .map { $0 * 2 }
            .subscribe(onNext: { output.print($0) })
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension JustMapExample {
    public var whatToNotice: String {
        "A Producer and its Sink: Producer.subscribe goes through the CurrentThreadScheduler trampoline into Map.run, which makes a MapSink; each element passes MapSink.on and Sink.forwardOn. When just completes, the SinkDisposer releases the chain without any dispose from the user."
    }
}
