// Mirrors RxSwift's RxBlocking/BlockingObservable+Operators.swift.
// Deviation from RxSwift: the elements and the error are kept in the `BlockingLock` (RxBlocking: local
// variables of `materializeResult`), which also drops late events (RxBlocking: the disposable's flag).

import RxCore

/// How a blocking wait for a sequence ended, with the elements received until then.
@frozen public enum MaterializedSequenceResult<T> {
    /// The sequence completed after sending `elements`.
    case completed(elements: [T])
    /// The sequence sent `elements` and then failed with `error`, or the wait timed out
    /// (`RxError.timeout`) or a predicate threw.
    case failed(elements: [T], error: Error)
}

extension BlockingObservable {
    /// Waits for the sequence to complete and returns every element.
    ///
    /// - Throws: the sequence's error, or `RxError.timeout`.
    public func toArray() throws -> [Element] {
        try elementsOrThrow(materializeResult())
    }

    /// Waits for the first element, then disposes the subscription; `nil` when the sequence
    /// completes empty.
    ///
    /// - Throws: the sequence's error, or `RxError.timeout`.
    public func first() throws -> Element? {
        try elementsOrThrow(materializeResult(max: 1)).first
    }

    /// Waits for the sequence to complete and returns its last element, or `nil` when it
    /// sent none.
    ///
    /// - Throws: the sequence's error, or `RxError.timeout`.
    public func last() throws -> Element? {
        try elementsOrThrow(materializeResult()).last
    }

    /// Waits for the sequence's only element.
    ///
    /// - Throws: `RxError.noElements` when it completes empty, `RxError.moreThanOneElement`
    ///   as soon as a second element arrives, the sequence's error, or `RxError.timeout`.
    public func single() throws -> Element {
        try single { _ in true }
    }

    /// Waits for the only element that satisfies `predicate`.
    ///
    /// - Throws: `RxError.noElements` when none does, `RxError.moreThanOneElement` as soon as
    ///   a second one arrives, what `predicate` throws, the sequence's error, or
    ///   `RxError.timeout`.
    public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
        let elements = try elementsOrThrow(materializeResult(max: 2, predicate: predicate))
        if elements.count > 1 {
            throw RxError.moreThanOneElement
        }
        guard let first = elements.first else {
            throw RxError.noElements
        }
        return first
    }

    /// Waits for the sequence to end and returns how it ended with the elements it sent;
    /// never throws.
    public func materialize() -> MaterializedSequenceResult<Element> {
        materializeResult()
    }
}

extension BlockingObservable {
    /// Subscribes, collects the elements that pass `predicate` until the sequence ends, `max`
    /// of them are collected, or the timeout passes, then disposes the subscription.
    private func materializeResult(
        max: Int? = nil, predicate: @escaping (Element) throws -> Bool = { _ in true }
    ) -> MaterializedSequenceResult<Element> {
        let lock = BlockingLock<Element>(timeout: timeout)
        let subscription = SingleAssignmentDisposable()
        defer { subscription.dispose() }

        subscription.setDisposable(
            source.subscribe { event in
                guard lock.isRunning else { return }
                switch event {
                case .next(let element):
                    do {
                        let isIncluded = try predicate(element)
                        let count = lock.append(element, if: isIncluded)
                        if let max, count >= max {
                            subscription.dispose()
                            lock.stop()
                        }
                    } catch {
                        subscription.dispose()
                        lock.stop(with: error)
                    }
                case .error(let error):
                    subscription.dispose()
                    lock.stop(with: error)
                case .completed:
                    subscription.dispose()
                    lock.stop()
                }
            }
        )

        let (elements, error) = lock.waitForStop()
        if let error {
            return .failed(elements: elements, error: error)
        }
        return .completed(elements: elements)
    }

    /// The elements of a completed result; throws the error of a failed one.
    private func elementsOrThrow(_ results: MaterializedSequenceResult<Element>) throws -> [Element] {
        switch results {
        case .failed(_, let error):
            throw error
        case .completed(let elements):
            return elements
        }
    }
}
