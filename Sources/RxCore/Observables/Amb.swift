// Mirrors RxSwift's RxSwift/Observables/Amb.swift: `amb(_:)` and the static `amb(_:)`.
// Simpler than RxSwift: each `AmbObserver` knows its side and reports every event to
// `AmbSink` under the sink's lock; RxSwift swaps the winner's closure for one that forwards
// without the lock. The same events pass either way.

extension ObservableType {
    /// Forwards whichever sequence of `sequence` sends its first event first, and ends the
    /// subscriptions to all the others then.
    ///
    /// Built as a chain of ``amb(_:)`` starting from `never()`; with no sequence it
    /// never sends anything.
    public static func amb<Sequence: Swift.Sequence>(
        _ sequence: Sequence
    ) -> Observable<Element> where Sequence.Element == Observable<Element> {
        let call = TraceCall.enter("amb"); defer { call.exit() }
        return sequence.reduce(Observable<Element>.never()) { chain, next in
            Amb(left: chain, right: next.asObservable()).assembled(by: "amb")
        }
    }
}

extension ObservableType {
    /// Forwards whichever of this sequence and `right` sends its first event (element, error
    /// or completion) first; the other one's subscription ends at that moment.
    ///
    /// - Parameter right: The sequence this one races.
    public func amb<Right: ObservableType>(
        _ right: Right
    ) -> Observable<Element> where Right.Element == Element {
        let call = TraceCall.enter("amb"); defer { call.exit() }
        return Amb(left: asObservable(), right: right.asObservable()).assembled(by: "amb")
    }
}

/// Which side of an `amb` reacted first.
enum AmbState {
    case neither
    case left
    case right
}

// MARK: - Sink

/// The observer of one side of an `amb`: hands each event to the sink, saying which side it
/// came from.
///
/// Created by `AmbSink.run`, one per side; lives as long as that side's subscription.
/// Counted in ``Resources/total``, as RxSwift counts it.
final class AmbObserver<Observer: ObserverType>: ObserverType, TraceableObject {
    typealias Element = Observer.Element
    typealias Parent = AmbSink<Observer>

    private let parent: Parent
    private let side: AmbState

    /// The id the recorder gave this observer, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    init(parent: Parent, side: AmbState) {
        Resources.incrementTotal()
        self.parent = parent
        self.side = side
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("AmbObserver.on", on: self, event: event); defer { call.exit() }
        parent.on(event, from: side)
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
        Resources.decrementTotal()
    }
}

/// One subscription's state for `amb`: both sides' subscriptions and which side won.
///
/// The first event from either side decides: the other side's subscription is disposed, and
/// from then on only the winner's events pass. Created by `Amb.run`, released when the
/// subscription is disposed or terminates.
final class AmbSink<Observer: ObserverType>: Sink<Observer> {
    typealias Element = Observer.Element
    typealias Parent = Amb<Element>

    private let parent: Parent
    private let leftSubscription = SingleAssignmentDisposable()
    private let rightSubscription = SingleAssignmentDisposable()

    private let lock = RecursiveLock()
    /// The side that reacted first. Guarded by `lock`.
    private var choice = AmbState.neither

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    /// Subscribes to the left side, then the right; returns what ends both.
    func run() -> Disposable {
        let call = TraceCall.enter("AmbSink.run", on: self); defer { call.exit() }
        let disposeAll = Disposables.create(leftSubscription, rightSubscription)
        leftSubscription.setDisposable(parent.left.subscribeSafe(AmbObserver(parent: self, side: .left)))
        rightSubscription.setDisposable(parent.right.subscribeSafe(AmbObserver(parent: self, side: .right)))
        return disposeAll
    }

    /// Decides the winner on the first event, then forwards the winner's events only.
    func on(_ event: Event<Element>, from side: AmbState) {
        let call = TraceCall.enter("AmbSink.on", on: self, event: event); defer { call.exit() }
        lock.performLocked {
            if choice == .neither {
                choice = side
                let loser = side == .left ? rightSubscription : leftSubscription
                loser.dispose()
            }
            guard choice == side else { return }
            forwardOn(event)
            if event.isStopEvent {
                dispose()
            }
        }
    }
}

// MARK: - Producer

/// The observable `amb` returns: the two sequences it races. Each subscription gets an
/// ``AmbSink``.
final class Amb<Element>: Producer<Element> {
    fileprivate let left: Observable<Element>
    fileprivate let right: Observable<Element>

    init(left: Observable<Element>, right: Observable<Element>) {
        self.left = left
        self.right = right
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("Amb.run", on: self); defer { call.exit() }
        let sink = AmbSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
