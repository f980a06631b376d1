// Mirrors RxSwift's RxSwift/Observables/Catch.swift (`catch`, `catchAndReturn`,
// `catch(sequence:)`, `retry()` and `retry(_:)`, which RxSwift keeps in this file too).

extension ObservableType {
    /// This sequence's events until it fails; then the events of the sequence `handler`
    /// returns for the error.
    ///
    /// An error `handler` throws ends the result with that error. The handler's sequence is
    /// not caught again: its error ends the result.
    public func `catch`(
        _ handler: @escaping (Swift.Error) throws -> Observable<Element>
    ) -> Observable<Element> {
        let call = TraceCall.enter("catch"); defer { call.exit() }
        return Catch(source: asObservable(), handler: handler).assembled(by: "catch")
    }

    /// This sequence's events until it fails; then `element` and completion.
    public func catchAndReturn(
        _ element: Element
    ) -> Observable<Element> {
        let call = TraceCall.enter("catchAndReturn"); defer { call.exit() }
        // The element's `just` is built when the error comes, on a stack of RxCore's only: it is
        // recorded as built here, where user code asked for it.
        let site = CallSite.captureIfRecording()
        let handler: (Swift.Error) -> Observable<Element> = { _ in
            Observable.just(element).assembled(by: "just", at: site)
        }
        return Catch(source: asObservable(), handler: handler).assembled(by: "catchAndReturn")
    }
}

extension ObservableType {
    /// The events of the first sequence in `sequence`; when one fails, the next one is
    /// subscribed, until one completes. When every one failed, the last error ends the result.
    public static func `catch`<Sequence: Swift.Sequence>(
        sequence: Sequence
    ) -> Observable<Element> where Sequence.Element == Observable<Element> {
        let call = TraceCall.enter("catch"); defer { call.exit() }
        return CatchSequence(sources: sequence).assembled(by: "catch")
    }
}

extension ObservableType {
    /// Subscribes to this sequence again each time it fails, until it completes; this may
    /// never end.
    public func retry() -> Observable<Element> {
        let call = TraceCall.enter("retry"); defer { call.exit() }
        let sources = InfiniteSequence(repeatedValue: asObservable())
        return CatchSequence(sources: sources).assembled(by: "retry")
    }

    /// Subscribes to this sequence up to `maxAttemptCount` times in all, again each time it
    /// fails; the last attempt's error ends the result.
    ///
    /// `retry(1)` is one attempt, without any retry: to retry once after an error, use
    /// `retry(2)`.
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        let call = TraceCall.enter("retry"); defer { call.exit() }
        let sources = Swift.repeatElement(asObservable(), count: maxAttemptCount)
        return CatchSequence(sources: sources).assembled(by: "retry")
    }
}

// MARK: - Sink

/// The observer of the handler's sequence for `catch`: forwards its events through the
/// ``CatchSink`` and ends it when that sequence ends.
///
/// Created by `CatchSink.on` when the source fails; lives as long as that subscription.
final class CatchSinkProxy<Observer: ObserverType>: ObserverType, TraceableObject {
    typealias Element = Observer.Element
    typealias Parent = CatchSink<Observer>

    private let parent: Parent

    /// The id the recorder gave this observer, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    init(parent: Parent) {
        self.parent = parent
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("CatchSinkProxy.on", on: self, event: event); defer { call.exit() }
        parent.forwardOn(event)
        switch event {
        case .next:
            break
        case .error, .completed:
            parent.dispose()
        }
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

/// One subscription's state for `catch(_:)`: forwards the source's events and, when it fails,
/// swaps its subscription for one to the handler's sequence; created by `Catch.run`, released
/// when the subscription is disposed or terminates.
final class CatchSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Parent = Catch<Element>

    private let parent: Parent
    /// The source's subscription, then the handler sequence's.
    private let subscription = SerialDisposable()

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    /// Subscribes to the source; returns the disposable that ends whichever subscription is
    /// current.
    func run() -> Disposable {
        let call = TraceCall.enter("CatchSink.run", on: self); defer { call.exit() }
        let sourceSubscription = SingleAssignmentDisposable()
        subscription.disposable = sourceSubscription
        sourceSubscription.setDisposable(parent.source.subscribeSafe(self))
        return subscription
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("CatchSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next:
            forwardOn(event)
        case .completed:
            forwardOn(event)
            dispose()
        case .error(let error):
            do {
                let catchSequence = try parent.handler(error)
                let observer = CatchSinkProxy(parent: self)
                subscription.disposable = catchSequence.subscribeSafe(observer)
            } catch {
                forwardOn(.error(error))
                dispose()
            }
        }
    }
}

/// One subscription's state for `catch(sequence:)`, `retry()` and `retry(_:)`: forwards each
/// source's elements and, when a source fails, moves to the next one; created by
/// `CatchSequence.run`, released when the subscription is disposed or terminates.
final class CatchSequenceSink<Sequence: Swift.Sequence, Observer: ObserverType>:
    TailRecursiveSink<Sequence, Observer>, ObserverType
where Sequence.Element: ObservableConvertibleType, Sequence.Element.Element == Observer.Element {
    /// The error of the source that failed last; sent when no source is left. Set by the
    /// current source's events and read by the move they schedule, which runs after them.
    private var lastError: Swift.Error?

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("CatchSequenceSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next:
            forwardOn(event)
        case .error(let error):
            lastError = error
            scheduleMoveNext()
        case .completed:
            forwardOn(event)
            dispose()
        }
    }

    override func subscribeToNext(_ source: Observable<Element>) -> Disposable {
        source.subscribeSafe(self)
    }

    /// Fails with the last source's error; completes when there was no source at all.
    override func done() {
        if let lastError {
            forwardOn(.error(lastError))
        } else {
            forwardOn(.completed)
        }
        dispose()
    }

    /// A source that is itself a `catch(sequence:)` over the same kind of sequence is walked
    /// in place.
    override func extract(_ observable: Observable<Element>) -> SequenceGenerator? {
        guard let catchSequence = observable as? CatchSequence<Sequence> else { return nil }
        return (catchSequence.sources.makeIterator(), nil)
    }
}

// MARK: - Producer

/// The observable `catch(_:)` and `catchAndReturn(_:)` return: the source and the error
/// handler. Each subscription gets a ``CatchSink``.
final class Catch<Element>: Producer<Element> {
    typealias Handler = (Swift.Error) throws -> Observable<Element>

    fileprivate let source: Observable<Element>
    fileprivate let handler: Handler

    init(source: Observable<Element>, handler: @escaping Handler) {
        self.source = source
        self.handler = handler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("Catch.run", on: self); defer { call.exit() }
        let sink = CatchSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

/// The observable `catch(sequence:)`, `retry()` and `retry(_:)` return: the sources to try in
/// turn. Each subscription gets a ``CatchSequenceSink``.
final class CatchSequence<Sequence: Swift.Sequence>: Producer<Sequence.Element.Element>
where Sequence.Element: ObservableConvertibleType {
    typealias Element = Sequence.Element.Element

    fileprivate let sources: Sequence

    init(sources: Sequence) {
        self.sources = sources
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("CatchSequence.run", on: self); defer { call.exit() }
        let sink = CatchSequenceSink<Sequence, Observer>(observer: observer, cancel: cancel)
        let subscription = sink.run((sources.makeIterator(), nil))
        return (sink: sink, subscription: subscription)
    }
}
