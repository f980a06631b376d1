// Mirrors RxSwift's RxSwift/AnyObserver.swift.

/// A type-erased observer: forwards every event to the observer or closure it wraps.
///
/// It is a struct, so it is neither resource-counted nor a traced object; the object it wraps
/// is. Its ``on(_:)`` is a step on no object.
public struct AnyObserver<Element>: ObserverType {
    /// The closure that receives the events.
    public typealias EventHandler = (Event<Element>) -> Void

    private let observer: EventHandler

    /// An observer that calls `eventHandler` for each event.
    public init(eventHandler: @escaping EventHandler) {
        self.observer = eventHandler
    }

    /// An observer that forwards each event to `observer`.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self.observer = observer.on
    }

    /// Forwards `event` to the wrapped observer.
    ///
    /// A step of its own, as in RxSwift's call path, entered from user code (`observer.onNext`
    /// inside a `create` closure): it captures the user's line. A struct is no traced object,
    /// so the step runs on none; the wrapped observer's own step follows inside it.
    public func on(_ event: Event<Element>) {
        let call = TraceCall.enterFromUser("AnyObserver.on", on: nil, event: event); defer { call.exit() }
        self.observer(event)
    }

    /// This observer.
    public func asObserver() -> AnyObserver<Element> {
        self
    }
}

extension ObserverType {
    /// This observer, type-erased.
    public func asObserver() -> AnyObserver<Element> {
        AnyObserver(self)
    }

    /// An observer of `Result` that transforms each element with `transform` and forwards it
    /// here; an error thrown by `transform` is forwarded as `error`.
    public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> {
        AnyObserver { event in
            self.on(event.map(transform))
        }
    }
}
