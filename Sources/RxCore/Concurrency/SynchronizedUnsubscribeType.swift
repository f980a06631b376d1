// Mirrors RxSwift's RxSwift/Concurrency/SynchronizedUnsubscribeType.swift.

/// An owner of observers that removes one, under its own lock, when its key comes back;
/// subjects conform, and ``SubscriptionDisposable`` calls it.
@usableFromInline protocol SynchronizedUnsubscribeType: AnyObject {
    /// The key an observer was stored under.
    associatedtype DisposeKey

    /// Takes the lock and removes the observer stored under `disposeKey`.
    func synchronizedUnsubscribe(_ disposeKey: DisposeKey)
}

// Performance: @usableFromInline so that `PublishSubject.subscribe` can be @inlinable: it returns a
// `SubscriptionDisposable` over this protocol (rows W1s, W3); see Documentation/Performance.md.
