// Mirrors RxSwift's RxSwift/ConnectableObservableType.swift.

/// An observable that shares one subscription to its source among all its subscribers, and
/// makes that subscription only when ``connect()`` is called.
///
/// `publish()`, `replay(_:)`, `replayAll()` and the `multicast` forms return one;
/// `refCount()` turns it back into an observable that connects on demand.
public protocol ConnectableObservableType: ObservableType {
    /// Subscribes the shared subject to the source, so that the subscribers get its events.
    ///
    /// - Returns: the connection; disposing it unsubscribes from the source, and the
    ///   subscribers stop getting events.
    func connect() -> Disposable
}
