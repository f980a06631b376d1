// Mirrors RxSwift's RxSwift/Observables/GroupBy.swift.

extension ObservableType {
    /// Splits the elements by the key `keySelector` gives each one: sends a
    /// ``GroupedObservable`` the first time a key appears, and every element to its key's
    /// group.
    ///
    /// Each group is a hot sequence: it forwards only what arrives after it is subscribed.
    /// The source's completion or error (or an error `keySelector` throws) ends every group
    /// and the outer sequence. A subscribed group keeps the source subscription alive after
    /// the outer subscription was disposed.
    ///
    /// - Parameter keySelector: Returns the key of an element.
    /// - Returns: One group per key, in the order the keys first appear.
    public func groupBy<Key: Hashable>(
        keySelector: @escaping (Element) throws -> Key
    ) -> Observable<GroupedObservable<Key, Element>> {
        let call = TraceCall.enter("groupBy"); defer { call.exit() }
        return GroupBy(source: asObservable(), selector: keySelector).assembled(by: "groupBy")
    }
}

/// The observable behind one group: subscribes to the group's subject and holds a share of
/// the ``GroupBySink``'s ``RefCountDisposable`` while subscribed, so that the source
/// subscription lives as long as a group is observed. Created by `GroupBySink` for each new
/// key.
final class GroupedObservableImpl<Element>: Observable<Element> {
    private let subject: PublishSubject<Element>
    private let refCount: RefCountDisposable

    init(subject: PublishSubject<Element>, refCount: RefCountDisposable) {
        self.subject = subject
        self.refCount = refCount
        super.init()
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let call = TraceCall.enter("GroupedObservableImpl.subscribe", on: self); defer { call.exit() }
        let release = refCount.retain()
        let subscription = subject.subscribe(observer)
        return Disposables.create(release, subscription)
    }
}

// MARK: - Sink

/// One subscription's state for `groupBy`: a subject per key seen so far and the source
/// subscription behind a ``RefCountDisposable``; created by `GroupBy.run`, released when the
/// subscription is disposed or terminates and no group is observed any more.
final class GroupBySink<Key: Hashable, Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == GroupedObservable<Key, Element> {
    typealias Parent = GroupBy<Key, Element>

    private let parent: Parent
    /// The subscription to the source.
    private let subscription = SingleAssignmentDisposable()
    /// Disposes `subscription` once the outer subscription and every group subscription ended.
    private let refCountDisposable: RefCountDisposable
    /// The subject of each key seen so far. Only the source's serial events touch it.
    private var groupedSubjectTable: [Key: PublishSubject<Element>] = [:]

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        self.refCountDisposable = RefCountDisposable(disposable: subscription)
        super.init(observer: observer, cancel: cancel)
    }

    /// Subscribes to the source; returns the primary share of the ref-count disposable.
    func run() -> Disposable {
        let call = TraceCall.enter("GroupBySink.run", on: self); defer { call.exit() }
        subscription.setDisposable(parent.source.subscribeSafe(self))
        return refCountDisposable
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("GroupBySink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let value):
            do {
                let key = try parent.selector(value)
                onGroupEvent(key: key, value: value)
            } catch {
                self.error(error)
            }
        case .error(let error):
            self.error(error)
        case .completed:
            forwardOnGroups(event: .completed)
            forwardOn(.completed)
            subscription.dispose()
            dispose()
        }
    }

    /// Sends `value` to its key's group, first sending a new group when the key is new.
    private func onGroupEvent(key: Key, value: Element) {
        if let writer = groupedSubjectTable[key] {
            writer.on(.next(value))
            return
        }
        let writer = PublishSubject<Element>()
        groupedSubjectTable[key] = writer
        let group = GroupedObservable(
            key: key, source: GroupedObservableImpl(subject: writer, refCount: refCountDisposable)
        )
        forwardOn(.next(group))
        writer.on(.next(value))
    }

    /// Ends every group and the outer sequence with `error`.
    private func error(_ error: Swift.Error) {
        forwardOnGroups(event: .error(error))
        forwardOn(.error(error))
        subscription.dispose()
        dispose()
    }

    /// Sends `event` to every group.
    private func forwardOnGroups(event: Event<Element>) {
        for writer in groupedSubjectTable.values {
            writer.on(event)
        }
    }
}

// MARK: - Producer

/// The observable `groupBy` returns: its source and key selector. Each subscription gets a
/// ``GroupBySink``.
final class GroupBy<Key: Hashable, Element>: Producer<GroupedObservable<Key, Element>> {
    typealias KeySelector = (Element) throws -> Key

    fileprivate let source: Observable<Element>
    fileprivate let selector: KeySelector

    init(source: Observable<Element>, selector: @escaping KeySelector) {
        self.source = source
        self.selector = selector
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == GroupedObservable<Key, Element> {
        let call = TraceCall.enter("GroupBy.run", on: self); defer { call.exit() }
        let sink = GroupBySink(parent: self, observer: observer, cancel: cancel)
        return (sink: sink, subscription: sink.run())
    }
}
