// Mirrors RxSwift's RxSwift/Observables/StartWith.swift.

extension ObservableType {
    /// `elements`, in order, then everything this sequence sends.
    ///
    /// The elements are sent to each subscriber while it subscribes, before this sequence is
    /// subscribed to.
    ///
    /// - Parameter elements: The elements to send first.
    public func startWith(_ elements: Element...) -> Observable<Element> {
        let call = TraceCall.enter("startWith"); defer { call.exit() }
        return StartWith(source: asObservable(), elements: elements).assembled(by: "startWith")
    }
}

// MARK: - Producer

/// The observable `startWith` returns: its source and the elements to send first.
///
/// Like RxSwift's it has no sink: `run` sends the elements straight to the subscriber, then
/// subscribes that same subscriber to the source. The trace shows the elements as sent by
/// this observable.
final class StartWith<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let elements: [Element]

    init(source: Observable<Element>, elements: [Element]) {
        self.source = source
        self.elements = elements
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("StartWith.run", on: self); defer { call.exit() }
        for element in elements {
            let next = Event.next(element)
            Instrumentation.recordEvent(next, from: traceObjectID, to: observer)
            observer.on(next)
        }
        return (sink: Disposables.create(), subscription: source.subscribeSafe(observer))
    }
}
