import RxCore

/// Seed 004: a `map` whose transform throws ends the sequence with that error.
public struct MapThrowsExample: TracedExample {
    public init() {}
    public var name: String { "map-throws" }
    public var seed: String { "004" }
    public var summary: String { "a throwing map turns the thrown error into an error event and stops" }

    /// The error the transform throws.
    struct TooLarge: Error, CustomStringConvertible {
        let value: Int
        var description: String { "TooLarge(\(value))" }
    }

    public func run(_ output: ExampleOutput) {
        _ = Observable.of(1, 2, 3)
            .map { value -> Int in
                guard value < 2 else { throw TooLarge(value: value) }
                return value * 10
            }
            .subscribe(
                onNext: { output.print("next(\($0))") },
                onError: { output.print("error(\($0))") }
            )
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension MapThrowsExample {
    public var whatToNotice: String {
        "The transform throws inside MapSink.on; the sink turns the error into an error event, forwards it and disposes itself, so the element after it is never transformed."
    }
}
