// Mirrors RxSwift's RxBlocking/BlockingObservable.swift.

import Foundation
import RxCore

/// An observable sequence whose results are waited for: the calling thread blocks until the
/// sequence ends or the timeout passes.
///
/// Made by ``RxCore/ObservableConvertibleType/toBlocking(timeout:)``; its operators
/// (``toArray()``, ``first()``, ``last()``, ``single()``, ``materialize()``) subscribe, wait
/// and return. Meant for tests and command-line tools, never for a thread that the sequence
/// itself needs to make progress.
public struct BlockingObservable<Element> {
    /// How long an operator waits before failing with `RxError.timeout`; `nil` waits forever.
    let timeout: TimeInterval?
    /// The sequence waited for.
    let source: Observable<Element>
}
