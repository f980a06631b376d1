// Mirrors RxSwift's RxSwift/Observables/DefaultIfEmpty.swift.

extension ObservableType {
    /// This sequence's elements, or `default` alone when it completes without any.
    ///
    /// - Parameter default: The element sent, before completion, when there was none.
    /// - Returns: This sequence, never empty when it completes.
    public func ifEmpty(default: Element) -> Observable<Element> {
        let call = TraceCall.enter("ifEmpty(default:)"); defer { call.exit() }
        return DefaultIfEmpty(source: asObservable(), default: `default`).assembled(by: "ifEmpty(default:)")
    }
}

// MARK: - Sink

/// One subscription's state for `ifEmpty(default:)`: whether an element passed; created by
/// `DefaultIfEmpty.run`, released when the subscription is disposed or terminates.
final class DefaultIfEmptySink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let `default`: Element
    /// Whether no element has passed yet. Only the source's serial events touch it.
    private var isEmpty = true

    init(default: Element, observer: Observer, cancel: Cancelable) {
        self.default = `default`
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("DefaultIfEmptySink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next:
            isEmpty = false
            forwardOn(event)
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            if isEmpty {
                forwardOn(.next(`default`))
            }
            forwardOn(.completed)
            dispose()
        }
    }
}

// MARK: - Producer

/// The observable `ifEmpty(default:)` returns: its source and the default element. Each
/// subscription gets a ``DefaultIfEmptySink``.
final class DefaultIfEmpty<SourceType>: Producer<SourceType> {
    private let source: Observable<SourceType>
    private let `default`: SourceType

    init(source: Observable<SourceType>, default: SourceType) {
        self.source = source
        self.default = `default`
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == SourceType {
        let call = TraceCall.enter("DefaultIfEmpty.run", on: self); defer { call.exit() }
        let sink = DefaultIfEmptySink(default: `default`, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
