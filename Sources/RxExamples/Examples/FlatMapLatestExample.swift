import RxCore

/// Seed 004: `flatMapLatest` keeps only the newest inner subscription; a newer element
/// disposes the one before.
public struct FlatMapLatestExample: TracedExample {
    public init() {}
    public var name: String { "flatmap-latest" }
    public var seed: String { "004" }
    public var summary: String { "flatMapLatest disposes the previous inner subscription when a newer element comes" }

    public func run(_ output: ExampleOutput) {
        let searches = PublishSubject<Int>()
        let results = [PublishSubject<String>(), PublishSubject<String>()]
        let subscription = searches.flatMapLatest { results[$0] }
            .subscribe { event in output.print(event) }
        searches.onNext(0)
        results[0].onNext("a")
        searches.onNext(1)
        results[0].onNext("stale")
        results[1].onNext("b")
        subscription.dispose()
    }
}

// Kept below `run`, so that adding it moves none of the lines the trace names.
extension FlatMapLatestExample {
    public var whatToNotice: String {
        "The second search disposes the first search's inner subscription before subscribing to its own results, so the first results' later \"stale\" reaches nobody: on the marble diagram the first inner lane ends with a cancel mark."
    }
}
