// Mirrors RxSwift's RxBlocking/ObservableConvertibleType+Blocking.swift.

import Foundation
import RxCore

extension ObservableConvertibleType {
    /// This sequence as a ``BlockingObservable``, whose operators wait for its results.
    ///
    /// - Parameter timeout: the longest an operator waits before throwing
    ///   `RxError.timeout`; `nil` (the default) waits forever.
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        BlockingObservable(timeout: timeout, source: asObservable())
    }
}
