// Mirrors RxSwift's RxSwift/Observables/Zip.swift: the state every `zip` arity shares. The
// operator, its sinks and producers are in Zip+arity.swift.
// Simpler than RxSwift: `ZipObserver` takes the shared lock itself rather than through
// RxSwift's `SynchronizedOnType` protocol.

/// What a ``ZipObserver`` reports to its sink.
protocol ZipSinkProtocol: AnyObject {
    /// Source `index` sent an element (already queued by the observer).
    func next(_ index: Int)
    /// A source failed with `error`.
    func fail(_ error: Swift.Error)
    /// Source `index` completed.
    func done(_ index: Int)
}

// MARK: - Sink

/// The base of `zip`'s sinks: sends a combined result each time every source has a queued
/// element, taking one element from each queue.
///
/// As in RxSwift 6, the sink completes only when every source completed, even when a
/// completed source's queue is empty. Subclasses (`ZipSink2_`) hold the queues and compute
/// the result. Its `lock` is shared by the observers of all sources, so results are forwarded
/// while holding it, as in RxSwift.
class ZipSink<Observer: ObserverType>: Sink<Observer>, ZipSinkProtocol {
    typealias Element = Observer.Element

    let arity: Int
    let lock = RecursiveLock()

    /// Whether source `index` completed. Guarded by `lock`.
    private var isDone: [Bool]

    init(arity: Int, observer: Observer, cancel: Cancelable) {
        self.arity = arity
        self.isDone = Array(repeating: false, count: arity)
        super.init(observer: observer, cancel: cancel)
    }

    /// Takes one element from each queue and combines them; subclasses implement it.
    func getResult() throws -> Element {
        rxAbstractMethod()
    }

    /// Whether source `index` has a queued element; subclasses implement it.
    func hasElements(_ index: Int) -> Bool {
        rxAbstractMethod()
    }

    func next(_ index: Int) {
        let hasValueAll = (0..<arity).allSatisfy { hasElements($0) }
        guard hasValueAll else { return }
        do {
            forwardOn(.next(try getResult()))
        } catch {
            forwardOn(.error(error))
            dispose()
        }
    }

    func fail(_ error: Swift.Error) {
        forwardOn(.error(error))
        dispose()
    }

    func done(_ index: Int) {
        isDone[index] = true
        if isDone.allSatisfy({ $0 }) {
            forwardOn(.completed)
            dispose()
        }
    }
}

/// The observer of one source of a `zip`: queues each element in the sink and reports to
/// it, under the sink's lock.
///
/// Created by the sink's `run`, one per source; on a stop event it disposes its own source
/// subscription. Lives as long as that subscription.
final class ZipObserver<Element>: ObserverType, TraceableObject {
    typealias ValueSetter = (Element) -> Void

    private let parent: ZipSinkProtocol
    private let lock: RecursiveLock
    private let index: Int
    /// The subscription to this observer's source.
    private let this: Disposable
    private let setNextValue: ValueSetter

    /// The id the recorder gave this observer, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    init(
        lock: RecursiveLock, parent: ZipSinkProtocol, index: Int,
        setNextValue: @escaping ValueSetter, this: Disposable
    ) {
        self.lock = lock
        self.parent = parent
        self.index = index
        self.this = this
        self.setNextValue = setNextValue
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("ZipObserver.on", on: self, event: event); defer { call.exit() }
        lock.performLocked { synchronized_on(event) }
    }

    /// Queues or reports `event`. Caller holds `lock`.
    private func synchronized_on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            setNextValue(element)
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
