// Mirrors RxSwift's RxSwift/Observables/Concat.swift.

extension ObservableType {
    /// The elements of this sequence, then, once it completes, those of `second`.
    ///
    /// An error from either ends the result; `second` is subscribed only after this sequence
    /// completed.
    public func concat<Source: ObservableConvertibleType>(
        _ second: Source
    ) -> Observable<Element> where Source.Element == Element {
        let call = TraceCall.enter("concat"); defer { call.exit() }
        let sources = [asObservable(), second.asObservable()]
        return Concat(sources: sources, count: sources.count).assembled(by: "concat")
    }

    /// The elements of each sequence in `sequence`, one sequence after another, each
    /// subscribed once the previous one completed; the first error ends the result.
    ///
    /// Nested concatenations such as `a.concat(b.concat(c))` are walked without nesting
    /// subscriptions, and any number of sources runs in constant stack depth.
    public static func concat<Sequence: Swift.Sequence>(
        _ sequence: Sequence
    ) -> Observable<Element> where Sequence.Element == Observable<Element> {
        let call = TraceCall.enter("concat"); defer { call.exit() }
        return Concat(sources: sequence, count: nil).assembled(by: "concat")
    }

    /// The elements of each sequence in `collection`, one sequence after another, each
    /// subscribed once the previous one completed; the first error ends the result.
    ///
    /// Knowing the count lets the result drop the collection's iterator before its last
    /// source runs.
    public static func concat<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Observable<Element> where Collection.Element == Observable<Element> {
        let call = TraceCall.enter("concat"); defer { call.exit() }
        return Concat(sources: collection, count: collection.count).assembled(by: "concat")
    }

    /// The elements of each of `sources`, one sequence after another, each subscribed once
    /// the previous one completed; the first error ends the result.
    public static func concat(
        _ sources: Observable<Element>...
    ) -> Observable<Element> {
        let call = TraceCall.enter("concat"); defer { call.exit() }
        return Concat(sources: sources, count: sources.count).assembled(by: "concat")
    }
}

// MARK: - Sink

/// One subscription's state for `concat`: forwards each source's elements and, when a source
/// completes, moves to the next one; created by `Concat.run`, released when the subscription
/// is disposed or terminates.
final class ConcatSink<Sequence: Swift.Sequence, Observer: ObserverType>:
    TailRecursiveSink<Sequence, Observer>, ObserverType
where Sequence.Element: ObservableConvertibleType, Sequence.Element.Element == Observer.Element {
    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("ConcatSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next:
            forwardOn(event)
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            scheduleMoveNext()
        }
    }

    override func subscribeToNext(_ source: Observable<Element>) -> Disposable {
        source.subscribeSafe(self)
    }

    /// A source that is itself a `concat` over the same kind of sequence is walked in place.
    override func extract(_ observable: Observable<Element>) -> SequenceGenerator? {
        guard let concat = observable as? Concat<Sequence> else { return nil }
        return (concat.sources.makeIterator(), concat.count)
    }
}

// MARK: - Producer

/// The observable `concat` returns: its sources and, when known, how many there are. Each
/// subscription gets a ``ConcatSink``.
final class Concat<Sequence: Swift.Sequence>: Producer<Sequence.Element.Element>
where Sequence.Element: ObservableConvertibleType {
    typealias Element = Sequence.Element.Element

    fileprivate let sources: Sequence
    fileprivate let count: Int?

    init(sources: Sequence, count: Int?) {
        self.sources = sources
        self.count = count
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("Concat.run", on: self); defer { call.exit() }
        let sink = ConcatSink<Sequence, Observer>(observer: observer, cancel: cancel)
        let subscription = sink.run((sources.makeIterator(), count))
        return (sink: sink, subscription: subscription)
    }
}
