// Mirrors RxSwift's RxSwift/Observables/CombineLatest.swift: the state every `combineLatest`
// arity shares. The operator, its sinks and producers are in CombineLatest+arity.swift.
// Simpler than RxSwift: `CombineLatestObserver` takes the shared lock itself rather than
// through RxSwift's `SynchronizedOnType` protocol.

/// What a ``CombineLatestObserver`` reports to its sink.
protocol CombineLatestProtocol: AnyObject {
    /// Source `index` sent an element (already stored by the observer).
    func next(_ index: Int)
    /// A source failed with `error`.
    func fail(_ error: Swift.Error)
    /// Source `index` completed.
    func done(_ index: Int)
}

// MARK: - Sink

/// The base of `combineLatest`'s sinks: tracks which sources have sent an element and which
/// are done, and sends a combined result whenever any source sends once all have one.
///
/// The sink completes when every source completed, or when a source sends while every other
/// source is done (no other value can change any more). Subclasses (`CombineLatestSink2_`)
/// hold the latest elements and compute the result. Its `lock` is shared by the observers of
/// all sources, so results are forwarded while holding it, as in RxSwift.
class CombineLatestSink<Observer: ObserverType>: Sink<Observer>, CombineLatestProtocol {
    typealias Element = Observer.Element

    let lock = RecursiveLock()

    private let arity: Int
    /// How many sources have sent at least one element. Guarded by `lock`.
    private var numberOfValues = 0
    /// How many sources completed. Guarded by `lock`.
    private var numberOfDone = 0
    /// Whether source `index` has sent an element. Guarded by `lock`.
    private var hasValue: [Bool]
    /// Whether source `index` completed. Guarded by `lock`.
    private var isDone: [Bool]

    init(arity: Int, observer: Observer, cancel: Cancelable) {
        self.arity = arity
        self.hasValue = Array(repeating: false, count: arity)
        self.isDone = Array(repeating: false, count: arity)
        super.init(observer: observer, cancel: cancel)
    }

    /// Combines the latest elements; subclasses implement it.
    func getResult() throws -> Element {
        rxAbstractMethod()
    }

    func next(_ index: Int) {
        if !hasValue[index] {
            hasValue[index] = true
            numberOfValues += 1
        }

        if numberOfValues == arity {
            do {
                forwardOn(.next(try getResult()))
            } catch {
                forwardOn(.error(error))
                dispose()
            }
            return
        }

        let areAllOthersDone = isDone.indices.allSatisfy { $0 == index || isDone[$0] }
        if areAllOthersDone {
            forwardOn(.completed)
            dispose()
        }
    }

    func fail(_ error: Swift.Error) {
        forwardOn(.error(error))
        dispose()
    }

    func done(_ index: Int) {
        if isDone[index] {
            return
        }
        isDone[index] = true
        numberOfDone += 1
        if numberOfDone == arity {
            forwardOn(.completed)
            dispose()
        }
    }
}

/// The observer of one source of a `combineLatest`: stores each element in the sink and
/// reports to it, under the sink's lock.
///
/// Created by the sink's `run`, one per source; on a stop event it disposes its own source
/// subscription. Lives as long as that subscription.
final class CombineLatestObserver<Element>: ObserverType, TraceableObject {
    typealias ValueSetter = (Element) -> Void

    private let parent: CombineLatestProtocol
    private let lock: RecursiveLock
    private let index: Int
    /// The subscription to this observer's source.
    private let this: Disposable
    private let setLatestValue: ValueSetter

    /// The id the recorder gave this observer, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    init(
        lock: RecursiveLock, parent: CombineLatestProtocol, index: Int,
        setLatestValue: @escaping ValueSetter, this: Disposable
    ) {
        self.lock = lock
        self.parent = parent
        self.index = index
        self.this = this
        self.setLatestValue = setLatestValue
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("CombineLatestObserver.on", on: self, event: event); defer { call.exit() }
        lock.performLocked { synchronized_on(event) }
    }

    /// Stores or reports `event`. Caller holds `lock`.
    private func synchronized_on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            setLatestValue(element)
            parent.next(index)
        case .error(let error):
            this.dispose()
            parent.fail(error)
        case .completed:
            this.dispose()
            parent.done(index)
        }
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}
