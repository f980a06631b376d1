// Mirrors RxSwift's RxSwift/Observables/Create.swift.
// Simpler than RxSwift: `AnonymousObservableSink` keeps its stopped flag under a `RecursiveLock`
// (RxSwift: an `AtomicInt` set with `fetchOr`), and has no DEBUG `SynchronizationTracker`.

extension ObservableType {
    /// A sequence whose subscribers are served by `subscribe`: it receives an observer, sends it
    /// events, and returns what to dispose when the subscription ends.
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        let call = TraceCall.enter("create"); defer { call.exit() }
        return AnonymousObservable(subscribe).assembled(by: "create")
    }
}

// MARK: - Sink

/// One subscription's state for `create`: hands the user's closure an observer and enforces the
/// stop rule on what the closure sends; created by `AnonymousObservable.run`, released when the
/// subscription is disposed or terminates.
final class AnonymousObservableSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Parent = AnonymousObservable<Element>

    /// Whether a stop event passed: later events from the user's closure are dropped. Guarded by `lock`.
    private var isStopped = false
    private let lock = RecursiveLock()

    override init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("AnonymousObservableSink.on", on: self, event: event); defer { call.exit() }
        let isDelivered = lock.performLocked { () -> Bool in
            guard !isStopped else { return false }
            if event.isStopEvent { isStopped = true }
            return true
        }
        guard isDelivered else { return }
        switch event {
        case .next:
            forwardOn(event)
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }

    /// Calls the user's closure with an observer that feeds this sink.
    func run(_ parent: Parent) -> Disposable {
        let call = TraceCall.enter("AnonymousObservableSink.run", on: self); defer { call.exit() }
        return parent.subscribeHandler(AnyObserver(self))
    }
}

// MARK: - Producer

/// The observable `create` returns: holds the user's subscribe closure and runs it once per
/// subscription, through an ``AnonymousObservableSink``.
final class AnonymousObservable<Element>: Producer<Element> {
    typealias SubscribeHandler = (AnyObserver<Element>) -> Disposable

    let subscribeHandler: SubscribeHandler

    init(_ subscribeHandler: @escaping SubscribeHandler) {
        self.subscribeHandler = subscribeHandler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("AnonymousObservable.run", on: self); defer { call.exit() }
        let sink = AnonymousObservableSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}
