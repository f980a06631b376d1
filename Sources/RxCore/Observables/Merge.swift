// Mirrors RxSwift's RxSwift/Observables/Merge.swift: `flatMap`, `flatMapFirst`, `merge()`,
// `merge(maxConcurrent:)`, `concat()` on a sequence of sequences, the static `merge` forms and
// `concatMap`. Two sinks do the work: `MergeSink` runs every inner sequence at once, and
// `MergeLimitedSink` runs at most `maxConcurrent` of them and queues the rest.
// Simpler than RxSwift: `MergeLimitedSinkIter` takes the shared lock itself, not through
// `SynchronizedOnType`.
// Deviation from RxSwift: the sinks decide under their lock and tear down after unlocking
// (disposing the sink, the outer subscription or a completed inner one), and a limited merge
// subscribes a queued inner sequence after unlocking, as on RxSwift's main branch after
// 6.10.2 (6.10.2: under the lock). Events are still forwarded under the lock, as in 6.10.2.

extension ObservableType {
    /// Maps each element to a sequence with `selector` and merges the events of all those
    /// sequences into one.
    ///
    /// The result completes once this sequence and every inner sequence completed; the first
    /// error, from this sequence, an inner one or `selector`, ends it.
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        let call = TraceCall.enter("flatMap"); defer { call.exit() }
        return FlatMap(source: asObservable(), selector: selector).assembled(by: "flatMap")
    }

    /// Maps an element to a sequence with `selector` and forwards that sequence's elements, but
    /// only while no earlier inner sequence is still running: elements that arrive meanwhile
    /// are dropped without calling `selector`.
    ///
    /// Completion and errors follow ``flatMap(_:)``.
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        let call = TraceCall.enter("flatMapFirst"); defer { call.exit() }
        return FlatMapFirst(source: asObservable(), selector: selector)
            .assembled(by: "flatMapFirst")
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Merges the events of every inner sequence this sequence sends into one sequence.
    ///
    /// Each inner sequence is subscribed as soon as it arrives. The result completes once this
    /// sequence and every inner sequence completed; the first error ends it.
    public func merge() -> Observable<Element.Element> {
        let call = TraceCall.enter("merge"); defer { call.exit() }
        return Merge(source: asObservable()).assembled(by: "merge")
    }

    /// Merges the events of the inner sequences this sequence sends, subscribed to at most
    /// `maxConcurrent` at a time.
    ///
    /// An inner sequence that arrives while `maxConcurrent` are running waits in a queue and is
    /// subscribed, in arrival order, when a running one completes.
    ///
    /// - Parameter maxConcurrent: How many inner sequences may be subscribed at once.
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        let call = TraceCall.enter("merge"); defer { call.exit() }
        return MergeLimited(source: asObservable(), maxConcurrent: maxConcurrent)
            .assembled(by: "merge")
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// The elements of each inner sequence this sequence sends, one inner sequence after the
    /// other: the next is subscribed when the previous completed.
    ///
    /// It is `merge(maxConcurrent: 1)`. An error from any sequence ends the result.
    public func concat() -> Observable<Element.Element> {
        let call = TraceCall.enter("concat"); defer { call.exit() }
        return MergeLimited(source: asObservable(), maxConcurrent: 1).assembled(by: "concat")
    }
}

extension ObservableType {
    /// Merges the events of every sequence in `sources` into one sequence, subscribing to all
    /// of them at once, in order.
    ///
    /// The result completes when every source completed (at once for no source); the first
    /// error ends it.
    public static func merge<Collection: Swift.Collection>(
        _ sources: Collection
    ) -> Observable<Element> where Collection.Element == Observable<Element> {
        let call = TraceCall.enter("merge"); defer { call.exit() }
        return MergeArray(sources: Array(sources)).assembled(by: "merge")
    }

    /// Merges the events of every sequence in `sources` into one sequence; as the
    /// `Collection` form.
    public static func merge(
        _ sources: [Observable<Element>]
    ) -> Observable<Element> {
        let call = TraceCall.enter("merge"); defer { call.exit() }
        return MergeArray(sources: sources).assembled(by: "merge")
    }

    /// Merges the events of every sequence in `sources` into one sequence; as the
    /// `Collection` form.
    public static func merge(
        _ sources: Observable<Element>...
    ) -> Observable<Element> {
        let call = TraceCall.enter("merge"); defer { call.exit() }
        return MergeArray(sources: sources).assembled(by: "merge")
    }
}

// MARK: concatMap

extension ObservableType {
    /// Maps each element to a sequence with `selector` and forwards those sequences' elements
    /// one sequence after the other, as ``concat()`` does.
    ///
    /// `selector` runs when the element arrives, even if its sequence then waits in the queue.
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        let call = TraceCall.enter("concatMap"); defer { call.exit() }
        return ConcatMap(source: asObservable(), selector: selector).assembled(by: "concatMap")
    }
}

// MARK: - Sink

/// The observer of one running inner sequence of a limited merge: forwards its elements
/// through the parent sink and, when it completes, lets the parent start the next queued
/// sequence.
///
/// Created by `MergeLimitedSink.subscribe` for each inner sequence; lives as long as that
/// inner subscription.
final class MergeLimitedSinkIter<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    ObserverType, TraceableObject
where SourceSequence.Element == Observer.Element {
    typealias Element = Observer.Element
    typealias DisposeKey = CompositeDisposable.DisposeKey
    typealias Parent = MergeLimitedSink<SourceElement, SourceSequence, Observer>

    private let parent: Parent
    private let disposeKey: DisposeKey

    /// The id the recorder gave this observer, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    init(parent: Parent, disposeKey: DisposeKey) {
        self.parent = parent
        self.disposeKey = disposeKey
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    /// Forwards `event` through the parent under its lock; tears down, or starts the next
    /// queued sequence, after unlocking.
    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("MergeLimitedSinkIter.on", on: self, event: event); defer { call.exit() }
        let next = parent.lock.performLocked { () -> MergeLimitedNext<SourceSequence> in
            switch event {
            case .next:
                parent.forwardOn(event)
                return .none
            case .error:
                parent.forwardOn(event)
                parent.markDisposed()
                return .end
            case .completed:
                return parent.synchronized_innerCompleted()
            }
        }
        if case .completed = event {
            parent.group.remove(for: disposeKey)
        }
        parent.perform(next)
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

/// One subscription's state for `concatMap`: a ``MergeLimitedSink`` of one, whose inner
/// sequences come from the user's selector; created by `ConcatMap.run`.
final class ConcatMapSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    MergeLimitedSink<SourceElement, SourceSequence, Observer>
where Observer.Element == SourceSequence.Element {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let selector: Selector

    init(selector: @escaping Selector, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        super.init(maxConcurrent: 1, observer: observer, cancel: cancel)
    }

    override func performMap(_ element: SourceElement) throws -> SourceSequence {
        try selector(element)
    }
}

/// One subscription's state for `merge(maxConcurrent:)` and `concat()`: a
/// ``MergeLimitedSink`` whose outer elements are the inner sequences themselves; created by
/// `MergeLimited.run`.
final class MergeLimitedBasicSink<SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    MergeLimitedSink<SourceSequence, SourceSequence, Observer>
where Observer.Element == SourceSequence.Element {
    override func performMap(_ element: SourceSequence) throws -> SourceSequence {
        element
    }
}

/// What a limited merge does after unlocking, as decided under its lock.
enum MergeLimitedNext<SourceSequence> {
    /// Nothing.
    case none
    /// Subscribes to a new inner sequence.
    case subscribe(SourceSequence)
    /// Subscribes to a dequeued inner sequence, through the `CurrentThreadScheduler`.
    case subscribeQueued(SourceSequence)
    /// Disposes the sink, which already forwarded its stop event and is marked disposed.
    case end
}

/// One subscription's state for a merge of at most `maxConcurrent` inner sequences at once:
/// the outer subscription, the running inner subscriptions, and the queue of inner sequences
/// waiting for a place.
///
/// Its `lock` serializes the outer and inner sequences, so events are forwarded while holding
/// it, as in RxSwift; subscriptions are made and disposed after unlocking. Subclasses say how an element becomes an inner sequence
/// (``ConcatMapSink``, ``MergeLimitedBasicSink``). Released when the subscription is disposed
/// or terminates.
class MergeLimitedSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    Sink<Observer>, ObserverType
where Observer.Element == SourceSequence.Element {
    typealias Element = SourceElement

    let maxConcurrent: Int

    let lock = RecursiveLock()
    /// Whether the outer sequence completed. Guarded by `lock`.
    private var stopped = false
    /// The number of inner sequences subscribed (or about to be) and not completed. Guarded by
    /// `lock`.
    private var activeCount = 0
    /// Inner sequences waiting for a place, oldest first. Guarded by `lock`.
    private var queue = Queue<SourceSequence>(capacity: 2)

    /// The subscription to the outer sequence.
    let sourceSubscription = SingleAssignmentDisposable()
    /// The outer subscription, every running inner subscription and every queued start.
    let group = CompositeDisposable()

    init(maxConcurrent: Int, observer: Observer, cancel: Cancelable) {
        self.maxConcurrent = maxConcurrent
        super.init(observer: observer, cancel: cancel)
    }

    /// Subscribes to the outer sequence; returns `group`, which ends every subscription.
    func run(_ source: Observable<SourceElement>) -> Disposable {
        let call = TraceCall.enter("MergeLimitedSink.run", on: self); defer { call.exit() }
        _ = group.insert(sourceSubscription)
        sourceSubscription.setDisposable(source.subscribeSafe(self))
        return group
    }

    /// Subscribes a ``MergeLimitedSinkIter`` to `innerSource`, keeping the subscription in
    /// `group`; does nothing once the sink is disposed.
    func subscribe(_ innerSource: SourceSequence) {
        let call = TraceCall.enter("MergeLimitedSink.subscribe", on: self); defer { call.exit() }
        let subscription = SingleAssignmentDisposable()
        guard let key = group.insert(subscription) else { return }
        let observer = MergeLimitedSinkIter(parent: self, disposeKey: key)
        subscription.setDisposable(innerSource.asObservable().subscribeSafe(observer))
    }

    /// The inner sequence for `element`; subclasses implement it.
    func performMap(_ element: SourceElement) throws -> SourceSequence {
        rxAbstractMethod()
    }

    /// Handles an outer event under `lock`; subscribes, or tears down, after unlocking.
    func on(_ event: Event<SourceElement>) {
        let call = TraceCall.enter("MergeLimitedSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            switch lock.performLocked({ synchronized_nextElementArrived(element) }) {
            case .subscribe(let inner):
                subscribe(inner)
            case .end:
                dispose()
            case .none, .subscribeQueued:
                break
            }
        case .error(let error):
            lock.performLocked {
                forwardOn(.error(error))
                markDisposed()
            }
            dispose()
        case .completed:
            let isEnded = lock.performLocked { () -> Bool in
                stopped = true
                return synchronized_endIfDone()
            }
            if isEnded {
                dispose()
            } else {
                sourceSubscription.dispose()
            }
        }
    }

    /// Maps `element` to its inner sequence and says to subscribe to it when there is a free
    /// place, queues it otherwise, or fails the sink when the mapping throws. Caller holds
    /// `lock`.
    private func synchronized_nextElementArrived(_ element: SourceElement) -> MergeLimitedNext<SourceSequence> {
        do {
            let inner = try performMap(element)
            if activeCount < maxConcurrent {
                activeCount += 1
                return .subscribe(inner)
            }
            queue.enqueue(inner)
            return .none
        } catch {
            forwardOn(.error(error))
            markDisposed()
            return .end
        }
    }

    /// A running inner sequence completed: says to start the oldest queued one in its place,
    /// or completes once the outer sequence completed and nothing runs. Caller holds `lock`.
    func synchronized_innerCompleted() -> MergeLimitedNext<SourceSequence> {
        if let next = queue.dequeue() {
            return .subscribeQueued(next)
        }
        activeCount -= 1
        return synchronized_endIfDone() ? .end : .none
    }

    /// Completes, marking the sink disposed, when the outer sequence completed and nothing
    /// runs; returns whether it did, so that the caller disposes the sink after unlocking.
    /// Caller holds `lock`.
    private func synchronized_endIfDone() -> Bool {
        guard stopped && activeCount == 0 else { return false }
        forwardOn(.completed)
        markDisposed()
        return true
    }

    /// Does what a decision taken under `lock` asked for; called after unlocking.
    func perform(_ next: MergeLimitedNext<SourceSequence>) {
        switch next {
        case .none:
            break
        case .subscribe(let inner):
            subscribe(inner)
        case .subscribeQueued(let inner):
            subscribeQueued(inner)
        case .end:
            dispose()
        }
    }

    /// Subscribes to a dequeued inner sequence through the `CurrentThreadScheduler`, as RxSwift
    /// does.
    ///
    /// Subscribing directly would nest one call deeper per queued sequence that completes while
    /// being subscribed; the trampoline runs them one after the other instead. A start that has
    /// to wait for the trampoline is kept in `group` until it runs, so disposing the sink
    /// cancels it.
    private func subscribeQueued(_ next: SourceSequence) {
        if CurrentThreadScheduler.isScheduleRequired {
            _ = CurrentThreadScheduler.instance.schedule(next) { next in
                self.subscribe(next)
                return Disposables.create()
            }
            return
        }
        let pending = SingleAssignmentDisposable()
        guard let key = group.insert(pending) else { return }
        pending.setDisposable(CurrentThreadScheduler.instance.schedule(next) { next in
            self.subscribe(next)
            self.group.remove(for: key)
            return Disposables.create()
        })
    }
}

/// One subscription's state for `merge()` and the static `merge` forms: a ``MergeSink``
/// whose outer elements are the inner sequences themselves; created by `Merge.run` and
/// `MergeArray.run`.
final class MergeBasicSink<Source: ObservableConvertibleType, Observer: ObserverType>: MergeSink<Source, Source, Observer>
where Observer.Element == Source.Element {
    override func performMap(_ element: Source) throws -> Source {
        element
    }
}

/// One subscription's state for `flatMap`: a ``MergeSink`` whose inner sequences come from the
/// user's selector; created by `FlatMap.run`.
final class FlatMapSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    MergeSink<SourceElement, SourceSequence, Observer>
where Observer.Element == SourceSequence.Element {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let selector: Selector

    init(selector: @escaping Selector, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    override func performMap(_ element: SourceElement) throws -> SourceSequence {
        try selector(element)
    }
}

/// One subscription's state for `flatMapFirst`: a ``MergeSink`` that takes a new inner
/// sequence only while none runs; created by `FlatMapFirst.run`.
final class FlatMapFirstSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    MergeSink<SourceElement, SourceSequence, Observer>
where Observer.Element == SourceSequence.Element {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let selector: Selector

    init(selector: @escaping Selector, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    override var subscribeNext: Bool {
        activeCount == 0
    }

    override func performMap(_ element: SourceElement) throws -> SourceSequence {
        try selector(element)
    }
}

/// The observer of one inner sequence of a merge: forwards its elements through the parent
/// sink and tells the parent when it is done.
///
/// Created by `MergeSink.subscribeInner` for each inner sequence; lives as long as that inner
/// subscription.
final class MergeSinkIter<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    ObserverType, TraceableObject
where Observer.Element == SourceSequence.Element {
    typealias Element = Observer.Element
    typealias Parent = MergeSink<SourceElement, SourceSequence, Observer>
    typealias DisposeKey = CompositeDisposable.DisposeKey

    private let parent: Parent
    private let disposeKey: DisposeKey

    /// The id the recorder gave this observer, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    init(parent: Parent, disposeKey: DisposeKey) {
        self.parent = parent
        self.disposeKey = disposeKey
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    /// Forwards `event` through the parent under its lock; tears down after unlocking.
    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("MergeSinkIter.on", on: self, event: event); defer { call.exit() }
        let isEnded = parent.lock.performLocked { () -> Bool in
            switch event {
            case .next:
                parent.forwardOn(event)
                return false
            case .error:
                parent.forwardOn(event)
                parent.markDisposed()
                return true
            case .completed:
                parent.activeCount -= 1
                return parent.synchronized_checkCompleted()
            }
        }
        if case .completed = event {
            parent.group.remove(for: disposeKey)
        }
        if isEnded {
            parent.dispose()
        }
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

/// One subscription's state for a merge: the outer subscription (or the fixed list of
/// sources), one subscription per inner sequence, and the count of inner sequences still
/// running.
///
/// Its `lock` serializes the outer and inner sequences, so events are forwarded while holding
/// it, as in RxSwift; subscriptions are made and disposed after unlocking. Subclasses say how an element becomes an inner sequence
/// (``FlatMapSink``, ``FlatMapFirstSink``, ``MergeBasicSink``). Released when the subscription
/// is disposed or terminates.
class MergeSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    Sink<Observer>, ObserverType
where Observer.Element == SourceSequence.Element {
    typealias Element = SourceElement

    let lock = RecursiveLock()
    /// The outer subscription and every running inner subscription.
    let group = CompositeDisposable()
    /// The subscription to the outer sequence.
    let sourceSubscription = SingleAssignmentDisposable()
    /// The number of inner sequences that have not completed. Guarded by `lock`.
    @exclusivity(unchecked) var activeCount = 0
    /// Whether the outer sequence completed. Guarded by `lock`.
    @exclusivity(unchecked) var stopped = false

    /// Whether an element arriving now gets an inner sequence; `flatMapFirst` says no while one
    /// runs. Read with `lock` held.
    var subscribeNext: Bool {
        true
    }

    /// The inner sequence for `element`; subclasses implement it.
    func performMap(_ element: SourceElement) throws -> SourceSequence {
        rxAbstractMethod()
    }

    /// Handles an outer event under `lock`; subscribes, or tears down, after unlocking.
    func on(_ event: Event<SourceElement>) {
        let call = TraceCall.enter("MergeSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            let inner = lock.performLocked { synchronized_nextElementArrived(element) }
            if let inner {
                subscribeInner(inner.asObservable())
            } else if isDisposed {
                dispose()
            }
        case .error(let error):
            lock.performLocked {
                forwardOn(.error(error))
                markDisposed()
            }
            dispose()
        case .completed:
            sourceSubscription.dispose()
            let isEnded = lock.performLocked { () -> Bool in
                stopped = true
                return synchronized_checkCompleted()
            }
            if isEnded {
                dispose()
            }
        }
    }

    /// Maps `element` to its inner sequence and counts it as running, or fails the sink when
    /// the mapping throws (marking it disposed, for the caller to dispose after unlocking);
    /// `nil` when ``subscribeNext`` says no or the mapping threw. Caller holds `lock`.
    private func synchronized_nextElementArrived(_ element: SourceElement) -> SourceSequence? {
        guard subscribeNext else { return nil }
        do {
            let inner = try performMap(element)
            activeCount += 1
            return inner
        } catch {
            forwardOn(.error(error))
            markDisposed()
            return nil
        }
    }

    /// Subscribes a ``MergeSinkIter`` to `inner`, keeping the subscription in `group`; does
    /// nothing once the sink is disposed.
    private func subscribeInner(_ inner: Observable<Observer.Element>) {
        let iterDisposable = SingleAssignmentDisposable()
        guard let disposeKey = group.insert(iterDisposable) else { return }
        let iter = MergeSinkIter(parent: self, disposeKey: disposeKey)
        iterDisposable.setDisposable(inner.subscribeSafe(iter))
    }

    /// Completes, marking the sink disposed, once the outer sequence and every inner sequence
    /// completed; returns whether it did, so that the caller disposes the sink after
    /// unlocking. Caller holds `lock`.
    func synchronized_checkCompleted() -> Bool {
        guard stopped && activeCount == 0 else { return false }
        forwardOn(.completed)
        markDisposed()
        return true
    }

    /// Subscribes to the outer sequence; returns `group`, which ends every subscription.
    func run(_ source: Observable<SourceElement>) -> Disposable {
        let call = TraceCall.enter("MergeSink.run", on: self); defer { call.exit() }
        _ = group.insert(sourceSubscription)
        sourceSubscription.setDisposable(source.subscribeSafe(self))
        return group
    }

    /// Subscribes to every one of `sources` in order, as if an outer sequence had sent them
    /// and completed; returns `group`, which ends every subscription.
    func run(_ sources: [Observable<Observer.Element>]) -> Disposable {
        let call = TraceCall.enter("MergeSink.run", on: self); defer { call.exit() }
        lock.performLocked { activeCount += sources.count }
        for source in sources {
            subscribeInner(source)
        }
        let isEnded = lock.performLocked { () -> Bool in
            stopped = true
            return synchronized_checkCompleted()
        }
        if isEnded {
            dispose()
        }
        return group
    }
}

// MARK: - Producer

/// The observable `flatMap` returns: its source and selector. Each subscription gets a
/// ``FlatMapSink``.
final class FlatMap<SourceElement, SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element> {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let source: Observable<SourceElement>
    private let selector: Selector

    init(source: Observable<SourceElement>, selector: @escaping Selector) {
        self.source = source
        self.selector = selector
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == SourceSequence.Element {
        let call = TraceCall.enter("FlatMap.run", on: self); defer { call.exit() }
        let sink = FlatMapSink(selector: selector, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}

/// The observable `flatMapFirst` returns: its source and selector. Each subscription gets a
/// ``FlatMapFirstSink``.
final class FlatMapFirst<SourceElement, SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element> {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let source: Observable<SourceElement>
    private let selector: Selector

    init(source: Observable<SourceElement>, selector: @escaping Selector) {
        self.source = source
        self.selector = selector
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == SourceSequence.Element {
        let call = TraceCall.enter("FlatMapFirst.run", on: self); defer { call.exit() }
        let sink = FlatMapFirstSink(selector: selector, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}

/// The observable `concatMap` returns: its source and selector. Each subscription gets a
/// ``ConcatMapSink``.
final class ConcatMap<SourceElement, SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element> {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let source: Observable<SourceElement>
    private let selector: Selector

    init(source: Observable<SourceElement>, selector: @escaping Selector) {
        self.source = source
        self.selector = selector
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == SourceSequence.Element {
        let call = TraceCall.enter("ConcatMap.run", on: self); defer { call.exit() }
        let sink = ConcatMapSink(selector: selector, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}

/// The observable `merge()` returns: its sequence of sequences. Each subscription gets a
/// ``MergeBasicSink``.
final class Merge<SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element> {
    private let source: Observable<SourceSequence>

    init(source: Observable<SourceSequence>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == SourceSequence.Element {
        let call = TraceCall.enter("Merge.run", on: self); defer { call.exit() }
        let sink = MergeBasicSink<SourceSequence, Observer>(observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}

/// The observable `merge(maxConcurrent:)` and `concat()` return: the sequence of sequences and
/// the limit. Each subscription gets a ``MergeLimitedBasicSink``.
final class MergeLimited<SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element> {
    private let source: Observable<SourceSequence>
    private let maxConcurrent: Int

    init(source: Observable<SourceSequence>, maxConcurrent: Int) {
        self.source = source
        self.maxConcurrent = maxConcurrent
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == SourceSequence.Element {
        let call = TraceCall.enter("MergeLimited.run", on: self); defer { call.exit() }
        let sink = MergeLimitedBasicSink<SourceSequence, Observer>(
            maxConcurrent: maxConcurrent, observer: observer, cancel: cancel
        )
        let subscription = sink.run(source)
        return (sink: sink, subscription: subscription)
    }
}

/// The observable the static `merge` forms return: the fixed list of sources. Each
/// subscription gets a ``MergeBasicSink`` that subscribes to all of them.
final class MergeArray<Element>: Producer<Element> {
    private let sources: [Observable<Element>]

    init(sources: [Observable<Element>]) {
        self.sources = sources
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("MergeArray.run", on: self); defer { call.exit() }
        let sink = MergeBasicSink<Observable<Element>, Observer>(observer: observer, cancel: cancel)
        let subscription = sink.run(sources)
        return (sink: sink, subscription: subscription)
    }
}

// Performance: `MergeSink`'s `activeCount` and `stopped` are guarded by `lock` and skip the dynamic
// exclusivity check (W4, flatMap to just); see Benchmarks/README.md.
