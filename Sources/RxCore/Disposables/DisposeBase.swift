// Mirrors RxSwift's RxSwift/Disposables/DisposeBase.swift.
// Deviation from RxSwift: it always counts in `Resources.total` (RxSwift: under `TRACE_RESOURCES`)
// and is a `TraceableObject`, so every disposable class has a public `traceObjectID`.

/// The base class of RxCore's disposable classes: counts them in ``Resources/total`` and gives
/// each a trace id.
public class DisposeBase: TraceableObject {
    /// The id the recorder gave this disposable, or ``ObjectID/none``.
    @exclusivity(unchecked) public private(set) var traceObjectID = ObjectID.none

    init() {
        Resources.incrementTotal()
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
        Resources.decrementTotal()
    }
}

// Performance: `traceObjectID` is set once, in `init`, and skips the dynamic exclusivity check
// every later read paid (W4, W2: every disposable); see Benchmarks/README.md.
