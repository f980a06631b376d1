import RxCore

/// Seed 004: `zip` pairs the n-th elements of its sources, and completes once every source
/// has completed (as RxSwift's `ZipSink` does).
public struct ZipExample: TracedExample {
    public init() {}
    public var name: String { "zip" }
    public var seed: String { "004" }
    public var summary: String { "zip pairs elements by index and completes once both sources have" }

    public func run(_ output: ExampleOutput) {
        let letters = PublishSubject<String>()
        let numbers = PublishSubject<Int>()
        _ = Observable.zip(letters, numbers) { "\($0)\($1)" }
            .subscribe { event in output.print(event) }
        letters.onNext("a")
        letters.onNext("b")
        numbers.onNext(1)
        letters.onCompleted()
        numbers.onNext(2)
        numbers.onCompleted()
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension ZipExample {
    public var whatToNotice: String {
        "zip keeps a queue per source and emits only when every queue has an element: pairs by index. It completes once every source has completed."
    }
}
