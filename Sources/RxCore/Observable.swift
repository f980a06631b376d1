// Mirrors RxSwift's RxSwift/Observable.swift.

/// The abstract base of every observable sequence: operators' producers and subjects.
///
/// Each one is resource-counted (``Resources/total``) and, while recording, gets a trace id
/// and an init and deinit row.
open class Observable<Element>: ObservableType, TraceableObject {
    /// The id the recorder gave this observable, or ``ObjectID/none``.
    public private(set) var traceObjectID = ObjectID.none

    init() {
        Resources.incrementTotal()
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    /// Subscribes `observer`; subclasses implement it.
    open func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        rxAbstractMethod()
    }

    /// This observable itself.
    open func asObservable() -> Observable<Element> {
        self
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
        Resources.decrementTotal()
    }
}
