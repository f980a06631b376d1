// Mirrors RxSwift's RxSwift/Disposables/CompositeDisposable.swift.

/// A group of disposables that are disposed together; what `flatMap` keeps its inner
/// subscriptions in.
///
/// Disposables can be added with ``insert(_:)`` and removed early with ``remove(for:)``.
/// Once the group is disposed, anything inserted is disposed at once. Counted in
/// ``Resources/total``.
public final class CompositeDisposable: DisposeBase, Cancelable {
    /// The key ``insert(_:)`` returns; ``remove(for:)`` takes it back.
    public typealias DisposeKey = BagKey

    private let lock = RecursiveLock()
    /// The members, or `nil` once disposed. Guarded by `lock`.
    @exclusivity(unchecked) private var disposables: Bag<Disposable>? = Bag()

    /// An empty group.
    public override init() {
        super.init()
    }

    /// A group of two disposables.
    public init(_ disposable1: Disposable, _ disposable2: Disposable) {
        _ = disposables!.insert(disposable1)
        _ = disposables!.insert(disposable2)
        super.init()
    }

    /// A group of three disposables.
    public init(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable) {
        _ = disposables!.insert(disposable1)
        _ = disposables!.insert(disposable2)
        _ = disposables!.insert(disposable3)
        super.init()
    }

    /// A group of four or more disposables.
    public init(
        _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable,
        _ disposable4: Disposable, _ disposables: Disposable...
    ) {
        for disposable in [disposable1, disposable2, disposable3, disposable4] + disposables {
            _ = self.disposables!.insert(disposable)
        }
        super.init()
    }

    /// A group of `disposables`, disposed in array order.
    public init(disposables: [Disposable]) {
        for disposable in disposables {
            _ = self.disposables!.insert(disposable)
        }
        super.init()
    }

    /// Whether the group was disposed.
    public var isDisposed: Bool {
        lock.performLocked { disposables == nil }
    }

    /// Adds `disposable` to the group, or disposes it at once if the group was disposed.
    ///
    /// - Returns: the key that removes it again, or `nil` when the group was disposed.
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        let key = lock.performLocked { disposables?.insert(disposable) }
        if key == nil {
            disposable.dispose()
        }
        return key
    }

    /// The number of disposables in the group; 0 once it was disposed.
    public var count: Int {
        lock.performLocked { disposables?.count ?? 0 }
    }

    /// Removes the disposable inserted under `disposeKey` and disposes it.
    public func remove(for disposeKey: DisposeKey) {
        let removed = lock.performLocked { disposables?.removeKey(disposeKey) }
        removed?.dispose()
    }

    /// Disposes every member, in insertion order, and every disposable inserted later.
    public func dispose() {
        let call = TraceCall.enterFromUser("CompositeDisposable.dispose", on: self); defer { call.exit() }
        let members = lock.performLocked { () -> Bag<Disposable>? in
            let members = disposables
            disposables = nil
            return members
        }
        guard let members else { return }
        Instrumentation.objectDisposed(traceObjectID)
        members.forEach { $0.dispose() }
    }
}

// Every access to `disposables` after `init` holds `lock`.
extension CompositeDisposable: @unchecked Sendable {}

extension Disposables {
    /// A disposable that disposes the three disposables together.
    public static func create(
        _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable
    ) -> Cancelable {
        CompositeDisposable(disposable1, disposable2, disposable3)
    }

    /// A disposable that disposes all the disposables together.
    ///
    /// As in RxSwift, the ones after the third are disposed first, then the first three.
    public static func create(
        _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable,
        _ disposables: Disposable...
    ) -> Cancelable {
        CompositeDisposable(disposables: disposables + [disposable1, disposable2, disposable3])
    }

    /// A disposable that disposes all `disposables` together, in array order.
    public static func create(_ disposables: [Disposable]) -> Cancelable {
        switch disposables.count {
        case 2:
            Disposables.create(disposables[0], disposables[1])
        default:
            CompositeDisposable(disposables: disposables)
        }
    }
}

// Performance: `disposables` is read and written only holding `lock` and skips the dynamic
// exclusivity check (W4: an insert and a remove per inner subscription); see Benchmarks/README.md.
