// Mirrors RxSwift's RxSwift/Disposables/SerialDisposable.swift.

/// Holds one replaceable disposable: assigning a new one disposes the previous one.
///
/// After ``dispose()``, the current disposable is disposed and anything assigned later is
/// disposed at once. Counted in ``Resources/total``.
public final class SerialDisposable: DisposeBase, Cancelable {
    private let lock = RecursiveLock()
    /// The disposable held now. Guarded by `lock`.
    private var current: Disposable?
    /// Whether ``dispose()`` was called. Guarded by `lock`.
    private var disposed = false

    /// A serial disposable holding nothing.
    public override init() {
        super.init()
    }

    /// Whether ``dispose()`` was called.
    public var isDisposed: Bool {
        lock.performLocked { disposed }
    }

    /// The disposable held now (the no-op disposable when none).
    ///
    /// Setting it disposes the previous one; after ``dispose()``, setting it disposes the
    /// new one instead.
    public var disposable: Disposable {
        get {
            lock.performLocked { current ?? Disposables.create() }
        }
        set {
            let call = TraceCall.enter("SerialDisposable.disposable.set", on: self, detail: setDetail(newValue)); defer { call.exit() }
            let toDispose = lock.performLocked { () -> Disposable? in
                if disposed {
                    return newValue
                }
                let previous = current
                current = newValue
                return previous
            }
            toDispose?.dispose()
        }
    }

    /// Disposes the current disposable and every later assignment.
    public func dispose() {
        let call = TraceCall.enterFromUser("SerialDisposable.dispose", on: self); defer { call.exit() }
        let (isFirstDispose, toDispose) = lock.performLocked { () -> (Bool, Disposable?) in
            if disposed {
                return (false, nil)
            }
            disposed = true
            let previous = current
            current = nil
            return (true, previous)
        }
        guard isFirstDispose else { return }
        Instrumentation.objectDisposed(traceObjectID)
        toDispose?.dispose()
    }

    /// What `SerialDisposable.disposable.set` carries: the new inner disposable and what
    /// happens to the previous one (`inner #15, disposes #12`), or that the new one is disposed
    /// at once. Built only while a recorder records calls; the page's alive-objects panel shows
    /// the current inner from it.
    private func setDetail(_ newValue: Disposable) -> TraceDetail {
        let (previous, isDisposed) = lock.performLocked { (current, disposed) }
        let inner = Instrumentation.traceName(of: newValue)
        if isDisposed {
            return TraceDetail("inner \(inner), disposed at once")
        }
        guard let previous else {
            return TraceDetail("inner \(inner)")
        }
        return TraceDetail("inner \(inner), disposes \(Instrumentation.traceName(of: previous))")
    }
}

// `current` and `disposed` are read and written only while holding `lock`.
extension SerialDisposable: @unchecked Sendable {}
