// Mirrors RxSwift's RxSwift/Observables/Just.swift.

extension ObservableType {
    /// A sequence of one element, then completion.
    public static func just(_ element: Element, file: StaticString = #fileID, line: UInt = #line) -> Observable<Element> {
        let call = TraceCall.enter("just"); defer { call.exit() }
        return Just(element: element).assembled(by: "just", file: file, line: line)
    }
}

/// The observable behind `just(_:)`: sends its element and completion inside `subscribe`.
///
/// Like ``EmptyProducer`` it overrides `subscribe`, so it has no sink and does not trampoline.
final class Just<Element>: Producer<Element> {
    private let element: Element

    init(element: Element) {
        self.element = element
        super.init()
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let call = TraceCall.enter("Just.subscribe", on: self); defer { call.exit() }
        let next = Event.next(element)
        Instrumentation.recordEvent(next, from: traceObjectID, to: observer)
        observer.on(next)
        Instrumentation.recordEvent(Event<Element>.completed, from: traceObjectID, to: observer)
        observer.on(.completed)
        return Disposables.create()
    }
}
