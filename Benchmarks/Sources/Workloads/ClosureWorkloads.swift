// The hand-written baseline: the same workloads with nothing but closures, a lock where a
// subject needs one, and no library. Operators are closures that wrap the downstream closure;
// they are built by functions the optimizer may not inline, so each one is a real escaping
// closure with a heap context, as it would be in a program that builds pipelines at run time.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A downstream: what to do with each element and with completion.
struct ClosureObserver<Element> {
    let next: (Element) -> Void
    let completed: () -> Void
}

/// The closure variant of every workload.
enum ClosureWorkloads {
    static func w1s() -> Int {
        let subject = ClosureSubject<Int>()
        var sum = 0
        var completions = 0
        let observer = ClosureObserver<Int>(next: { sum &+= $0 }, completed: { completions += 1 })
        let key = subject.subscribe(map({ $0 + 1 }, filter({ $0 % 2 == 0 }, map({ $0 * 2 }, observer))))
        for value in 0..<w1Count {
            subject.send(value)
        }
        subject.complete()
        subject.unsubscribe(key)
        return checksum(sum: sum, completions: completions)
    }

    static func w1r() -> Int {
        var sum = 0
        var completions = 0
        let observer = ClosureObserver<Int>(next: { sum &+= $0 }, completed: { completions += 1 })
        range(0..<w1Count, map({ $0 + 1 }, filter({ $0 % 2 == 0 }, map({ $0 * 2 }, observer))))
        return checksum(sum: sum, completions: completions)
    }

    static func w2() -> Int {
        var sum = 0
        var completions = 0
        for _ in 0..<w2Cycles {
            let subscription = ClosureSubscription()
            let observer = ClosureObserver<Int>(
                next: { if !subscription.isDisposed { sum &+= $0 } },
                completed: { if !subscription.isDisposed { completions += 1 } }
            )
            just(1, map({ $0 + 1 }, filter({ $0 % 2 == 0 }, observer)))
            subscription.dispose()
        }
        return checksum(sum: sum, completions: completions)
    }

    static func w3() -> Int {
        let subject = ClosureSubject<Int>()
        var sum = 0
        var completions = 0
        let keys = (0..<w3Subscribers).map { _ in
            subject.subscribe(ClosureObserver<Int>(next: { sum &+= $0 }, completed: { completions += 1 }))
        }
        for value in 0..<w3Events {
            subject.send(value)
        }
        subject.complete()
        keys.forEach { subject.unsubscribe($0) }
        return checksum(sum: sum, completions: completions)
    }

    static func w4() -> Int {
        let subject = ClosureSubject<Int>()
        var sum = 0
        var completions = 0
        let observer = ClosureObserver<Int>(next: { sum &+= $0 }, completed: { completions += 1 })
        // Each outer element makes an inner "just" and merges its element; the result completes
        // when the outer one does (every inner one completed at once).
        let key = subject.subscribe(
            ClosureObserver<Int>(
                next: { value in just(value, ClosureObserver<Int>(next: observer.next, completed: {})) },
                completed: observer.completed
            )
        )
        for value in 0..<w4Count {
            subject.send(value)
        }
        subject.complete()
        subject.unsubscribe(key)
        return checksum(sum: sum, completions: completions)
    }

    static func w5() -> Int {
        let first = ClosureSubject<Int>()
        let second = ClosureSubject<Int>()
        var sum = 0
        var completions = 0
        let combined = CombineLatestState(ClosureObserver<Int>(next: { sum &+= $0 }, completed: { completions += 1 }))
        let keys = (
            first.subscribe(ClosureObserver(next: { combined.first($0) }, completed: { combined.complete() })),
            second.subscribe(ClosureObserver(next: { combined.second($0) }, completed: { combined.complete() }))
        )
        for value in 0..<(w5Events / 2) {
            first.send(value)
            second.send(value)
        }
        first.complete()
        second.complete()
        first.unsubscribe(keys.0)
        second.unsubscribe(keys.1)
        return checksum(sum: sum, completions: completions)
    }

    static func w5z() -> Int {
        let first = ClosureSubject<Int>()
        let second = ClosureSubject<Int>()
        var sum = 0
        var completions = 0
        let zipped = ZipState(ClosureObserver<Int>(next: { sum &+= $0 }, completed: { completions += 1 }))
        let keys = (
            first.subscribe(ClosureObserver(next: { zipped.first($0) }, completed: { zipped.complete() })),
            second.subscribe(ClosureObserver(next: { zipped.second($0) }, completed: { zipped.complete() }))
        )
        for value in 0..<(w5Events / 2) {
            first.send(value)
            second.send(value)
        }
        first.complete()
        second.complete()
        first.unsubscribe(keys.0)
        second.unsubscribe(keys.1)
        return checksum(sum: sum, completions: completions)
    }
}

// MARK: - Operators as closures

@inline(never)
func map<Element, Result>(_ transform: @escaping (Element) -> Result, _ downstream: ClosureObserver<Result>)
    -> ClosureObserver<Element>
{
    ClosureObserver(next: { downstream.next(transform($0)) }, completed: downstream.completed)
}

@inline(never)
func filter<Element>(_ predicate: @escaping (Element) -> Bool, _ downstream: ClosureObserver<Element>)
    -> ClosureObserver<Element>
{
    ClosureObserver(next: { if predicate($0) { downstream.next($0) } }, completed: downstream.completed)
}

@inline(never)
func just<Element>(_ element: Element, _ observer: ClosureObserver<Element>) {
    observer.next(element)
    observer.completed()
}

@inline(never)
func range(_ range: Range<Int>, _ observer: ClosureObserver<Int>) {
    for value in range {
        observer.next(value)
    }
    observer.completed()
}

// MARK: - State

/// A flag that a W2 cycle's "disposable" sets; a heap object, as any disposable is.
final class ClosureSubscription {
    private(set) var isDisposed = false

    @inline(never)
    func dispose() {
        isDisposed = true
    }
}

/// A subject: a lock and an array of observers, copied out under the lock and called after it.
final class ClosureSubject<Element> {
    private var lock = pthread_mutex_t()
    /// Guarded by `lock`.
    private var observers: [(key: Int, observer: ClosureObserver<Element>)] = []
    /// Guarded by `lock`.
    private var nextKey = 0

    init() {
        pthread_mutex_init(&lock, nil)
    }

    deinit {
        pthread_mutex_destroy(&lock)
    }

    func subscribe(_ observer: ClosureObserver<Element>) -> Int {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        nextKey += 1
        observers.append((nextKey, observer))
        return nextKey
    }

    func unsubscribe(_ key: Int) {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        observers.removeAll { $0.key == key }
    }

    @inline(never)
    func send(_ element: Element) {
        pthread_mutex_lock(&lock)
        let recipients = observers
        pthread_mutex_unlock(&lock)
        for recipient in recipients {
            recipient.observer.next(element)
        }
    }

    func complete() {
        pthread_mutex_lock(&lock)
        let recipients = observers
        observers = []
        pthread_mutex_unlock(&lock)
        for recipient in recipients {
            recipient.observer.completed()
        }
    }
}

/// combineLatest's state: the latest of each side under a lock; completes when both did.
final class CombineLatestState {
    private var lock = pthread_mutex_t()
    private let downstream: ClosureObserver<Int>
    /// Guarded by `lock`.
    private var latestFirst: Int?
    private var latestSecond: Int?
    private var completions = 0

    init(_ downstream: ClosureObserver<Int>) {
        self.downstream = downstream
        pthread_mutex_init(&lock, nil)
    }

    deinit {
        pthread_mutex_destroy(&lock)
    }

    @inline(never)
    func first(_ value: Int) {
        pthread_mutex_lock(&lock)
        latestFirst = value
        let combined = latestSecond.map { value &+ $0 }
        pthread_mutex_unlock(&lock)
        if let combined { downstream.next(combined) }
    }

    @inline(never)
    func second(_ value: Int) {
        pthread_mutex_lock(&lock)
        latestSecond = value
        let combined = latestFirst.map { $0 &+ value }
        pthread_mutex_unlock(&lock)
        if let combined { downstream.next(combined) }
    }

    func complete() {
        pthread_mutex_lock(&lock)
        completions += 1
        let isDone = completions == 2
        pthread_mutex_unlock(&lock)
        if isDone { downstream.completed() }
    }
}

/// zip's state: a queue of unpaired values per side under a lock; completes when both did.
final class ZipState {
    private var lock = pthread_mutex_t()
    private let downstream: ClosureObserver<Int>
    /// Guarded by `lock`; each queue is an array and the index of its head.
    private var firstQueue: [Int] = []
    private var firstHead = 0
    private var secondQueue: [Int] = []
    private var secondHead = 0
    private var completions = 0

    init(_ downstream: ClosureObserver<Int>) {
        self.downstream = downstream
        pthread_mutex_init(&lock, nil)
    }

    deinit {
        pthread_mutex_destroy(&lock)
    }

    @inline(never)
    func first(_ value: Int) {
        pthread_mutex_lock(&lock)
        firstQueue.append(value)
        let pair = synchronized_pair()
        pthread_mutex_unlock(&lock)
        if let pair { downstream.next(pair) }
    }

    @inline(never)
    func second(_ value: Int) {
        pthread_mutex_lock(&lock)
        secondQueue.append(value)
        let pair = synchronized_pair()
        pthread_mutex_unlock(&lock)
        if let pair { downstream.next(pair) }
    }

    /// Takes the oldest value of each side when both have one. Caller holds `lock`.
    private func synchronized_pair() -> Int? {
        guard firstHead < firstQueue.count, secondHead < secondQueue.count else { return nil }
        let pair = firstQueue[firstHead] &+ secondQueue[secondHead]
        firstHead += 1
        secondHead += 1
        if firstHead == firstQueue.count {
            firstQueue.removeAll(keepingCapacity: true)
            firstHead = 0
        }
        if secondHead == secondQueue.count {
            secondQueue.removeAll(keepingCapacity: true)
            secondHead = 0
        }
        return pair
    }

    func complete() {
        pthread_mutex_lock(&lock)
        completions += 1
        let isDone = completions == 2
        pthread_mutex_unlock(&lock)
        if isDone { downstream.completed() }
    }
}
