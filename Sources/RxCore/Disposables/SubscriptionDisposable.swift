// Mirrors RxSwift's RxSwift/Disposables/SubscriptionDisposable.swift.

/// What a subject's `subscribe` returns: disposing it removes one observer from its owner.
///
/// It holds the owner weakly, so a forgotten subscription does not keep a subject alive, and
/// the key the owner's ``Bag`` issued for the observer. A struct, neither counted nor traced,
/// as in RxSwift; the owner's `synchronized_unsubscribe` step shows up in the trace.
@usableFromInline struct SubscriptionDisposable<Owner: SynchronizedUnsubscribeType>: Disposable {
    private let key: Owner.DisposeKey
    private weak var owner: Owner?

    @usableFromInline init(owner: Owner, key: Owner.DisposeKey) {
        self.owner = owner
        self.key = key
    }

    @usableFromInline func dispose() {
        owner?.synchronizedUnsubscribe(key)
    }
}

// Performance: @usableFromInline so that `PublishSubject.subscribe` can be @inlinable (rows W1s,
// W3); see Documentation/Performance.md.
