// Mirrors RxSwift's RxSwift/Observables/ElementAt.swift.

extension ObservableType {
    /// The element at `index` (counting from 0), then completion; the source subscription is
    /// disposed right after it.
    ///
    /// If the source completes before reaching `index`, the result fails with
    /// `RxError.argumentOutOfRange`. A negative `index` is a programmer error and traps.
    public func element(at index: Int) -> Observable<Element> {
        let call = TraceCall.enter("element"); defer { call.exit() }
        return ElementAt(source: asObservable(), index: index, throwOnEmpty: true)
            .assembled(by: "element")
    }
}

// MARK: - Sink

/// One subscription's state for `element(at:)`: counts down to the wanted element, forwards
/// it and completes; created by `ElementAt.run`, released when the subscription is disposed or
/// terminates.
final class ElementAtSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Parent = ElementAt<Element>

    private let parent: Parent
    /// How many elements are still to pass before the wanted one. Only the source's serial
    /// events touch it.
    private var remainingIndex: Int

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        self.remainingIndex = parent.index
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("ElementAtSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next:
            if remainingIndex == 0 {
                forwardOn(event)
                forwardOn(.completed)
                dispose()
            }
            remainingIndex -= 1
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            if parent.throwOnEmpty {
                forwardOn(.error(RxError.argumentOutOfRange))
            } else {
                forwardOn(.completed)
            }
            dispose()
        }
    }
}

// MARK: - Producer

/// The observable `element(at:)` returns: its source, the index, and whether running out of
/// elements is an error. Each subscription gets an ``ElementAtSink``.
final class ElementAt<Element>: Producer<Element> {
    private let source: Observable<Element>
    fileprivate let index: Int
    fileprivate let throwOnEmpty: Bool

    init(source: Observable<Element>, index: Int, throwOnEmpty: Bool) {
        if index < 0 {
            rxFatalError("index can't be negative")
        }
        self.source = source
        self.index = index
        self.throwOnEmpty = throwOnEmpty
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("ElementAt.run", on: self); defer { call.exit() }
        let sink = ElementAtSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
