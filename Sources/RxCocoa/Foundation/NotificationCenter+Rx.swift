// Mirrors RxCocoa's RxCocoa/Foundation/NotificationCenter+Rx.swift.
// Deviation from RxSwift: on Linux, `NotificationCenter` is not an `NSObject`; RxCore's
// `Reactive.swift` makes it `ReactiveCompatible` there, so `center.rx` exists.

import Foundation

extension Reactive where Base: NotificationCenter {
    /// The notifications posted to this notification center, as an observable sequence.
    ///
    /// Each subscription adds an observer to the center and removes it when the subscription is
    /// disposed. The sequence never completes by itself.
    ///
    /// - Parameters:
    ///   - name: the name of the notifications to observe, or `nil` for every name.
    ///   - object: the sender whose notifications to observe, or `nil` for every sender. It is
    ///     held weakly, as RxCocoa holds it.
    /// - Returns: the sequence of the posted notifications.
    public func notification(_ name: Notification.Name?, object: AnyObject? = nil) -> Observable<Notification> {
        let center = base
        return Observable.create { [weak object] observer in
            // The center calls the block on the posting thread: events reach the observer from
            // whichever thread posts, as from any source fed by other threads. `AnyObserver` is
            // not `Sendable`, so the block takes it unchecked, as RxCocoa's `nsObserver` is.
            nonisolated(unsafe) let postingObserver = observer
            let token = center.addObserver(forName: name, object: object, queue: nil) { notification in
                postingObserver.on(.next(notification))
            }
            return Disposables.create {
                center.removeObserver(token)
            }
        }
    }
}
