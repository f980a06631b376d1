// Mirrors RxSwift's RxSwift/Observable.swift.
// Deviation from RxSwift: every operator and factory records through `assembled(by:)` where user
// code built the observable (the return addresses on the stack, while a recorder is installed).

/// The abstract base of every observable sequence: operators' producers and subjects.
///
/// Each one is resource-counted (``Resources/total``) and, while recording, gets a trace id
/// and an init and deinit row.
open class Observable<Element>: ObservableType, TraceableObject {
    /// The id the recorder gave this observable, or ``ObjectID/none``.
    @exclusivity(unchecked) public private(set) var traceObjectID = ObjectID.none

    @inlinable init() {
        Resources.incrementTotal()
        initializeTraceObjectID()
    }

    /// Subscribes `observer`; subclasses implement it.
    open func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        rxAbstractMethod()
    }

    /// This observable itself.
    @inlinable open func asObservable() -> Observable<Element> {
        self
    }

    /// Records that user code built this observable with the operator or factory `name`, and
    /// returns it; every public operator ends with it.
    ///
    /// The site is the stack's return addresses (``CallSite/capture()``), which lead through
    /// the operator to the user's line, so a report can say `map at LoginViewModel.swift:42`
    /// while the operator's signature stays RxSwift's. When nothing records, this is one
    /// atomic load.
    @inlinable @inline(__always)
    package final func assembled(by name: StaticString) -> Observable<Element> {
        if let recorder = Instrumentation.recorder {
            recorder.observableAssembled(traceObjectID, by: name, at: CallSite.capture())
        }
        return self
    }

    /// Records that user code built this observable with `name` at `site`, a site its operator
    /// captured when user code called it (``CallSite/captureIfRecording()``), and returns it: for
    /// an observable RxCore builds later on the user's behalf, whose own stack holds no user
    /// frame. A trace keeps an object's last assembly, so this one wins. With no `site`, or
    /// when nothing records, this records nothing.
    @inline(__always)
    package final func assembled(by name: StaticString, at site: CallSite?) -> Observable<Element> {
        if let site, let recorder = Instrumentation.recorder {
            recorder.observableAssembled(traceObjectID, by: name, at: site)
        }
        return self
    }

    /// Names the chain that ends in this observable `tag` for the trace (`.traceTag`, a
    /// `debug` identifier), as user code asked (its site captured as ``assembled(by:)``'s is);
    /// returns `self`. When nothing records, this is one atomic load.
    @inline(__always)
    package final func tagged(_ tag: String) -> Observable<Element> {
        if let recorder = Instrumentation.recorder {
            recorder.observableTagged(traceObjectID, as: tag, at: CallSite.capture())
        }
        return self
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
        Resources.decrementTotal()
    }
}

extension Observable {
    /// Asks the recorder, if any, for this observable's id: the last step of `init`, out of
    /// line so that `init` itself can be inlined (it sets a `private(set)` property).
    @usableFromInline final func initializeTraceObjectID() {
        traceObjectID = Instrumentation.objectInitialized(self)
    }
}

// Performance: `init` and `asObservable` are @inlinable (the id is assigned out of line in
// `initializeTraceObjectID`), so a client that builds a chain keeps each producer's exact class;
// `traceObjectID` skips the dynamic exclusivity check (rows W1s, W2); see
// Documentation/Performance.md.

/// ``Observable`` under a name no other framework takes, as RxSwift declares it: code that also
/// imports a module with an `Observable` of its own (Observation's protocol, for one) can write
/// `RxObservable<Element>`. A library's own `typealias RxObservable = RxSwift.Observable` still
/// compiles, and its module's lookup finds its own first.
public typealias RxObservable<Element> = Observable<Element>
