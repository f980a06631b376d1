// Mirrors RxSwift's RxSwift/Disposables/DisposeBag.swift.
// Deviation from RxSwift: `init()` records where user code made the bag (the captured stack), so
// a trace knows where each bag was made and can say which bag's deinit ended a subscription.

extension Disposable {
    /// Adds this disposable to `bag`, which disposes it when the bag is deinitialized.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}

/// Collects disposables and disposes them all when it is deinitialized: subscriptions end
/// when their owner (a view model, a test) lets go of its bag.
///
/// A bag has no public `dispose()`; to end its subscriptions early, replace it with a new
/// bag. For explicit disposal, use ``CompositeDisposable``. Counted in ``Resources/total``.
public final class DisposeBag: DisposeBase {
    private let lock = RecursiveLock()
    /// What the bag disposes in `deinit`. Guarded by `lock`.
    private var disposables: [Disposable] = []
    /// Whether the bag disposed its contents already. Guarded by `lock`.
    private var isDisposed = false

    /// An empty bag.
    public override init() {
        // A step of its own, entered before the bag exists so the bag is made inside it: its
        // caller's function tells a global's bag (`main`, a global's initializer) from an
        // owner's (a view model's `init`).
        let call = TraceCall.enterFromUser("DisposeBag.init", on: nil); defer { call.exit() }
        super.init()
        if let recorder = Instrumentation.recorder {
            recorder.observableAssembled(traceObjectID, by: "DisposeBag", at: CallSite.capture())
        }
    }

    /// Adds `disposable`, to be disposed when the bag is deinitialized.
    public func insert(_ disposable: Disposable) {
        insert([disposable])
    }

    /// Disposes everything in the bag; from `deinit` only.
    private func dispose() {
        let call = TraceCall.enter("DisposeBag.dispose", on: self); defer { call.exit() }
        let contents = lock.performLocked { () -> [Disposable] in
            let contents = disposables
            disposables.removeAll()
            isDisposed = true
            return contents
        }
        Instrumentation.objectDisposed(traceObjectID)
        for disposable in contents {
            disposable.dispose()
        }
    }

    /// The root of the bag's disposal, a step entered from user code: the release of the bag's
    /// last reference (`bag = nil`, the end of a scope, its owner's deinit) captures the user's
    /// line.
    deinit {
        let call = TraceCall.enterFromUser("DisposeBag.deinit", on: self); defer { call.exit() }
        dispose()
    }
}

extension DisposeBag {
    /// A bag holding `disposables`.
    public convenience init(disposing disposables: Disposable...) {
        self.init(disposing: disposables)
    }

    /// A bag holding the disposables `builder` lists.
    public convenience init(@DisposableBuilder builder: () -> [Disposable]) {
        self.init(disposing: builder())
    }

    /// A bag holding `disposables`.
    public convenience init(disposing disposables: [Disposable]) {
        self.init()
        insert(disposables)
    }

    /// Adds `disposables`, to be disposed when the bag is deinitialized.
    public func insert(_ disposables: Disposable...) {
        insert(disposables)
    }

    /// Adds the disposables `builder` lists, to be disposed when the bag is deinitialized.
    public func insert(@DisposableBuilder builder: () -> [Disposable]) {
        insert(builder())
    }

    /// Adds `disposables`, to be disposed when the bag is deinitialized.
    ///
    /// The step `DisposeBag.insert` that every insert and `disposed(by:)` goes through, entered
    /// from user code: it captures the user's line.
    public func insert(_ disposables: [Disposable]) {
        let call = TraceCall.enterFromUser("DisposeBag.insert", on: self); defer { call.exit() }
        let isAlreadyDisposed = lock.performLocked { () -> Bool in
            if isDisposed {
                return true
            }
            self.disposables += disposables
            return false
        }
        if isAlreadyDisposed {
            disposables.forEach { $0.dispose() }
        } else if let recorder = Instrumentation.recorder {
            for case let disposable as TraceableObject in disposables {
                recorder.disposableInserted(disposable.traceObjectID, into: traceObjectID)
            }
        }
    }

    /// Builds an array of disposables from a list of statements, one disposable each.
    @resultBuilder
    public struct DisposableBuilder {
        /// The listed disposables, in order.
        public static func buildBlock(_ disposables: Disposable...) -> [Disposable] {
            disposables
        }
    }
}

// `disposables` and `isDisposed` are read and written only while holding `lock`.
extension DisposeBag: @unchecked Sendable {}
