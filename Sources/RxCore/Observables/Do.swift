// Mirrors RxSwift's RxSwift/Observables/Do.swift.

extension ObservableType {
    /// Calls the given closures on this sequence's events and subscription steps, and passes
    /// the events on unchanged.
    ///
    /// For each event, the `on…` closure runs before it is forwarded and the `after…` closure
    /// after; an error either throws is forwarded and ends the sequence (as in RxSwift, an
    /// `after…` closure's error is forwarded even after a stop event). `onSubscribe` runs before
    /// the source is subscribed, `onSubscribed` after; `onDispose` runs after the source
    /// subscription was disposed, whether the sequence ended or the subscriber disposed.
    ///
    /// - Parameters:
    ///   - onNext: Runs with each element, before it is forwarded.
    ///   - afterNext: Runs with each element, after it was forwarded.
    ///   - onError: Runs with the error, before it is forwarded.
    ///   - afterError: Runs with the error, after it was forwarded.
    ///   - onCompleted: Runs before completion is forwarded.
    ///   - afterCompleted: Runs after completion was forwarded.
    ///   - onSubscribe: Runs before the source is subscribed.
    ///   - onSubscribed: Runs after the source was subscribed.
    ///   - onDispose: Runs after the source subscription was disposed.
    /// - Returns: This sequence's events, with the side effects.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        let call = TraceCall.enter("do"); defer { call.exit() }
        let producer = Do(
            source: asObservable(),
            eventHandler: { event in
                switch event {
                case .next(let element): try onNext?(element)
                case .error(let error): try onError?(error)
                case .completed: try onCompleted?()
                }
            },
            afterEventHandler: { event in
                switch event {
                case .next(let element): try afterNext?(element)
                case .error(let error): try afterError?(error)
                case .completed: try afterCompleted?()
                }
            },
            onSubscribe: onSubscribe,
            onSubscribed: onSubscribed,
            onDispose: onDispose
        )
        return producer.assembled(by: "do")
    }
}

// MARK: - Sink

/// One subscription's state for `do`: runs the user's closures around forwarding each event;
/// created by `Do.run`, released when the subscription is disposed or terminates.
final class DoSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias EventHandler = (Event<Element>) throws -> Void

    private let eventHandler: EventHandler
    private let afterEventHandler: EventHandler

    init(eventHandler: @escaping EventHandler, afterEventHandler: @escaping EventHandler, observer: Observer, cancel: Cancelable) {
        self.eventHandler = eventHandler
        self.afterEventHandler = afterEventHandler
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("DoSink.on", on: self, event: event); defer { call.exit() }
        do {
            try eventHandler(event)
            forwardOn(event)
            try afterEventHandler(event)
            if event.isStopEvent {
                dispose()
            }
        } catch {
            forwardOn(.error(error))
            dispose()
        }
    }
}

// MARK: - Producer

/// The observable `do` returns: its source and the user's closures, the event ones folded
/// into a before and an after handler. Each subscription gets a ``DoSink``; `run` calls the
/// subscription closures and wraps the source subscription so that disposing it calls
/// `onDispose`.
final class Do<Element>: Producer<Element> {
    typealias EventHandler = (Event<Element>) throws -> Void

    private let source: Observable<Element>
    private let eventHandler: EventHandler
    private let afterEventHandler: EventHandler
    private let onSubscribe: (() -> Void)?
    private let onSubscribed: (() -> Void)?
    private let onDispose: (() -> Void)?

    init(
        source: Observable<Element>,
        eventHandler: @escaping EventHandler,
        afterEventHandler: @escaping EventHandler,
        onSubscribe: (() -> Void)?,
        onSubscribed: (() -> Void)?,
        onDispose: (() -> Void)?
    ) {
        self.source = source
        self.eventHandler = eventHandler
        self.afterEventHandler = afterEventHandler
        self.onSubscribe = onSubscribe
        self.onSubscribed = onSubscribed
        self.onDispose = onDispose
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("Do.run", on: self); defer { call.exit() }
        onSubscribe?()
        let sink = DoSink(eventHandler: eventHandler, afterEventHandler: afterEventHandler, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        onSubscribed?()
        let onDispose = onDispose
        let allSubscriptions = Disposables.create {
            subscription.dispose()
            onDispose?()
        }
        return (sink: sink, subscription: allSubscriptions)
    }
}
