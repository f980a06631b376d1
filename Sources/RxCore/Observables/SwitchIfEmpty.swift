// Mirrors RxSwift's RxSwift/Observables/SwitchIfEmpty.swift.

extension ObservableType {
    /// This sequence's elements, or, when it completes without any, the elements of `other`,
    /// which is subscribed only then.
    ///
    /// - Parameter other: The sequence to continue with when this one is empty.
    /// - Returns: This sequence, or `other` in its place when it is empty.
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        let call = TraceCall.enter("ifEmpty(switchTo:)"); defer { call.exit() }
        return SwitchIfEmpty(source: asObservable(), ifEmpty: other).assembled(by: "ifEmpty(switchTo:)")
    }
}

// MARK: - Sink

/// One subscription's state for `ifEmpty(switchTo:)`: whether an element passed, and the
/// subscription to the other sequence once the source completed empty; created by
/// `SwitchIfEmpty.run`, released when the subscription is disposed or terminates.
final class SwitchIfEmptySink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let ifEmpty: Observable<Element>
    /// Whether no element has passed yet. Only the source's serial events touch it.
    private var isEmpty = true
    /// The subscription to `ifEmpty`, set when the source completes empty.
    private let ifEmptySubscription = SingleAssignmentDisposable()

    init(ifEmpty: Observable<Element>, observer: Observer, cancel: Cancelable) {
        self.ifEmpty = ifEmpty
        super.init(observer: observer, cancel: cancel)
    }

    /// Subscribes to the source; returns that subscription together with the later one to
    /// the other sequence.
    func run(_ source: Observable<Element>) -> Disposable {
        let call = TraceCall.enter("SwitchIfEmptySink.run", on: self); defer { call.exit() }
        let subscription = source.subscribeSafe(self)
        return Disposables.create(subscription, ifEmptySubscription)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("SwitchIfEmptySink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next:
            isEmpty = false
            forwardOn(event)
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            guard isEmpty else {
                forwardOn(.completed)
                dispose()
                return
            }
            let ifEmptySink = SwitchIfEmptySinkIter(parent: self)
            ifEmptySubscription.setDisposable(ifEmpty.subscribeSafe(ifEmptySink))
        }
    }
}

/// The observer of the other sequence of `ifEmpty(switchTo:)`: forwards its events through
/// the parent sink. Created by `SwitchIfEmptySink` when the source completed empty; lives as
/// long as that subscription.
final class SwitchIfEmptySinkIter<Observer: ObserverType>: ObserverType, TraceableObject {
    typealias Element = Observer.Element
    typealias Parent = SwitchIfEmptySink<Observer>

    private let parent: Parent

    /// The id the recorder gave this observer, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    init(parent: Parent) {
        self.parent = parent
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("SwitchIfEmptySinkIter.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next:
            parent.forwardOn(event)
        case .error, .completed:
            parent.forwardOn(event)
            parent.dispose()
        }
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

// MARK: - Producer

/// The observable `ifEmpty(switchTo:)` returns: its source and the sequence to switch to.
/// Each subscription gets a ``SwitchIfEmptySink``.
final class SwitchIfEmpty<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let ifEmpty: Observable<Element>

    init(source: Observable<Element>, ifEmpty: Observable<Element>) {
        self.source = source
        self.ifEmpty = ifEmpty
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("SwitchIfEmpty.run", on: self); defer { call.exit() }
        let sink = SwitchIfEmptySink(ifEmpty: ifEmpty, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}
