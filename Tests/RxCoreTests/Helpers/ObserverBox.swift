import Foundation
import RxCore

/// Keeps the observer an `Observable.create` subscription was given, so that a test can send
/// into that subscription later, from any thread.
///
/// The box lets go of the observer when the subscription is disposed, so the box, the
/// observable that captures it and the subscription's sinks do not keep each other alive.
final class ObserverBox<Element>: @unchecked Sendable {
    private let lock = NSLock()
    /// The observer of the live subscription. Guarded by `lock`.
    private var current: AnyObserver<Element>?

    /// The observer of the live subscription, if any.
    var observer: AnyObserver<Element>? {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// A source that keeps its observer here and runs `onDispose` when its subscription is
    /// disposed.
    func source(onDispose: @escaping () -> Void = {}) -> Observable<Element> {
        Observable.create { observer in
            self.lock.lock()
            self.current = observer
            self.lock.unlock()
            return Disposables.create {
                self.lock.lock()
                self.current = nil
                self.lock.unlock()
                onDispose()
            }
        }
    }
}
