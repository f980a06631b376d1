// Mirrors RxSwift's RxSwift/Observables/Sample.swift.
// Simpler than RxSwift: the sink and `SamplerSink` take the shared lock themselves rather than
// through RxSwift's `SynchronizedOnType` protocol.

extension ObservableType {
    /// On each element or completion of `sampler`, sends the latest element this sequence sent
    /// since the previous tick, or `defaultValue` when it sent none (nothing if that is `nil`).
    ///
    /// An error from either sequence ends the result. When this sequence completes, the result
    /// completes on the next tick of `sampler`, after sending what that tick samples.
    public func sample<Source: ObservableType>(
        _ sampler: Source,
        defaultValue: Element? = nil
    ) -> Observable<Element> {
        let call = TraceCall.enter("sample"); defer { call.exit() }
        return Sample(source: asObservable(), sampler: sampler.asObservable(), defaultValue: defaultValue)
            .assembled(by: "sample")
    }
}

// MARK: - Sink

/// The observer of `sample`'s sampler: on each tick it forwards the sink's pending element (or
/// the default value), and completes the result once the source has completed; under the
/// sink's lock.
///
/// Created by `SampleSequenceSink.run`; lives as long as the sampler subscription.
final class SamplerSink<Observer: ObserverType, SampleType>: ObserverType, TraceableObject {
    typealias Element = SampleType
    typealias Parent = SampleSequenceSink<Observer, SampleType>

    private let parent: Parent

    /// The id the recorder gave this observer, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    init(parent: Parent) {
        self.parent = parent
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    func on(_ event: Event<SampleType>) {
        let call = TraceCall.enter("SamplerSink.on", on: self, event: event); defer { call.exit() }
        parent.lock.performLocked { synchronized_on(event) }
    }

    /// Samples on a tick or reports an error. Caller holds the sink's `lock`.
    private func synchronized_on(_ event: Event<SampleType>) {
        switch event {
        case .next, .completed:
            if let element = parent.element ?? parent.defaultValue {
                parent.element = nil
                parent.forwardOn(.next(element))
            }
            if parent.atEnd {
                parent.forwardOn(.completed)
                parent.dispose()
            }
        case .error(let error):
            parent.forwardOn(.error(error))
            parent.dispose()
        }
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

/// One subscription's state for `sample`: observes the source and keeps its latest element
/// until the next tick of the sampler (whose events ``SamplerSink`` handles); created by
/// `Sample.run`, released when the subscription is disposed or terminates.
///
/// Its `lock` is shared with ``SamplerSink``, so events of both sequences are handled one at a
/// time, and results are forwarded while holding it, as in RxSwift.
final class SampleSequenceSink<Observer: ObserverType, SampleType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Parent = Sample<Element, SampleType>

    private let parent: Parent
    /// What a tick sends when the source sent nothing since the previous one.
    let defaultValue: Element?

    let lock = RecursiveLock()
    /// The source's latest element not yet sampled. Guarded by `lock`.
    var element: Element?
    /// Whether the source completed. Guarded by `lock`.
    private(set) var atEnd = false

    private let sourceSubscription = SingleAssignmentDisposable()

    init(parent: Parent, observer: Observer, cancel: Cancelable, defaultValue: Element? = nil) {
        self.parent = parent
        self.defaultValue = defaultValue
        super.init(observer: observer, cancel: cancel)
    }

    /// Subscribes to the source, then the sampler; returns the disposable that ends both
    /// subscriptions.
    func run() -> Disposable {
        let call = TraceCall.enter("SampleSequenceSink.run", on: self); defer { call.exit() }
        sourceSubscription.setDisposable(parent.source.subscribeSafe(self))
        let samplerSubscription = parent.sampler.subscribeSafe(SamplerSink(parent: self))

        return Disposables.create(sourceSubscription, samplerSubscription)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("SampleSequenceSink.on", on: self, event: event); defer { call.exit() }
        lock.performLocked { synchronized_on(event) }
    }

    /// Keeps or reports `event` of the source. Caller holds `lock`.
    private func synchronized_on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            self.element = element
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            atEnd = true
            sourceSubscription.dispose()
        }
    }
}

// MARK: - Producer

/// The observable `sample` returns: the source, the sampler and the default value. Each
/// subscription gets a ``SampleSequenceSink``.
final class Sample<Element, SampleType>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let sampler: Observable<SampleType>
    fileprivate let defaultValue: Element?

    init(source: Observable<Element>, sampler: Observable<SampleType>, defaultValue: Element? = nil) {
        self.source = source
        self.sampler = sampler
        self.defaultValue = defaultValue
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("Sample.run", on: self); defer { call.exit() }
        let sink = SampleSequenceSink(parent: self, observer: observer, cancel: cancel, defaultValue: defaultValue)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
