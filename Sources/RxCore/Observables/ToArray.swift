// Mirrors RxSwift's RxSwift/Observables/ToArray.swift.

extension ObservableType {
    /// Collects every element and, when this sequence completes, sends them as one array, then
    /// completes; an error ends it with that error and drops what was collected.
    ///
    /// - Returns: A single of one array, sent at completion.
    public func toArray() -> Single<[Element]> {
        let call = TraceCall.enter("toArray"); defer { call.exit() }
        return PrimitiveSequence(raw: ToArray(source: asObservable()).assembled(by: "toArray"))
    }
}

// MARK: - Sink

/// One subscription's state for `toArray`: the elements so far, sent at completion; created
/// by `ToArray.run`, released when the subscription is disposed or terminates.
final class ToArraySink<SourceType, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == [SourceType] {
    typealias Element = SourceType

    /// The elements so far. Only the source's serial events touch it.
    private var list: [SourceType] = []

    func on(_ event: Event<SourceType>) {
        let call = TraceCall.enter("ToArraySink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            list.append(element)
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.next(list))
            forwardOn(.completed)
            dispose()
        }
    }
}

// MARK: - Producer

/// The observable `toArray` returns: its source. Each subscription gets a ``ToArraySink``.
final class ToArray<SourceType>: Producer<[SourceType]> {
    private let source: Observable<SourceType>

    init(source: Observable<SourceType>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == [SourceType] {
        let call = TraceCall.enter("ToArray.run", on: self); defer { call.exit() }
        let sink = ToArraySink<SourceType, Observer>(observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
