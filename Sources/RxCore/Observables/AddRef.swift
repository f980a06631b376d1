// Mirrors RxSwift's RxSwift/Observables/AddRef.swift.

// MARK: - Sink

/// One subscription to an ``AddRef`` observable: forwards the source's events and ends on a
/// stop event; created by `AddRef.run`, released when the subscription is disposed or
/// terminates.
final class AddRefSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("AddRefSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next:
            forwardOn(event)
        case .completed, .error:
            forwardOn(event)
            dispose()
        }
    }
}

// MARK: - Producer

/// An observable that holds a share of a ``RefCountDisposable`` for as long as each of its
/// subscriptions lasts: `window` hands these out, so the source subscription outlives the
/// outer subscription while a window is still observed.
final class AddRef<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let refCount: RefCountDisposable

    init(source: Observable<Element>, refCount: RefCountDisposable) {
        self.source = source
        self.refCount = refCount
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("AddRef.run", on: self); defer { call.exit() }
        let releaseDisposable = refCount.retain()
        let sink = AddRefSink(observer: observer, cancel: cancel)
        let subscription = Disposables.create(releaseDisposable, source.subscribeSafe(sink))
        return (sink: sink, subscription: subscription)
    }
}
