// The workloads written with RxCore, as a user of RxSwift 6 writes them.

import RxCore

/// The RxCore variant of every workload.
public enum RxCoreWorkloads {
    /// W1s with `count` elements; T1 records it.
    public static func w1s(count: Int = w1Count) -> Int {
        let subject = PublishSubject<Int>()
        var sum = 0
        var completions = 0
        let subscription = subject
            .map { $0 + 1 }
            .filter { $0 % 2 == 0 }
            .map { $0 * 2 }
            .subscribe(onNext: { sum &+= $0 }, onCompleted: { completions += 1 })
        for value in 0..<count {
            subject.onNext(value)
        }
        subject.onCompleted()
        subscription.dispose()
        return checksum(sum: sum, completions: completions)
    }

    static func w1r() -> Int {
        var sum = 0
        var completions = 0
        let subscription = Observable.range(start: 0, count: w1Count)
            .map { $0 + 1 }
            .filter { $0 % 2 == 0 }
            .map { $0 * 2 }
            .subscribe(onNext: { sum &+= $0 }, onCompleted: { completions += 1 })
        subscription.dispose()
        return checksum(sum: sum, completions: completions)
    }

    /// W2 with `cycles` subscriptions; T1 records it.
    public static func w2(cycles: Int = w2Cycles) -> Int {
        var sum = 0
        var completions = 0
        for _ in 0..<cycles {
            let subscription = Observable.just(1)
                .map { $0 + 1 }
                .filter { $0 % 2 == 0 }
                .subscribe(onNext: { sum &+= $0 }, onCompleted: { completions += 1 })
            subscription.dispose()
        }
        return checksum(sum: sum, completions: completions)
    }

    static func w3() -> Int {
        let subject = PublishSubject<Int>()
        var sum = 0
        var completions = 0
        let subscriptions = (0..<w3Subscribers).map { _ in
            subject.subscribe(onNext: { sum &+= $0 }, onCompleted: { completions += 1 })
        }
        for value in 0..<w3Events {
            subject.onNext(value)
        }
        subject.onCompleted()
        subscriptions.forEach { $0.dispose() }
        return checksum(sum: sum, completions: completions)
    }

    static func w4() -> Int {
        let subject = PublishSubject<Int>()
        var sum = 0
        var completions = 0
        let subscription = subject
            .flatMap { Observable.just($0) }
            .subscribe(onNext: { sum &+= $0 }, onCompleted: { completions += 1 })
        for value in 0..<w4Count {
            subject.onNext(value)
        }
        subject.onCompleted()
        subscription.dispose()
        return checksum(sum: sum, completions: completions)
    }

    static func w5() -> Int {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        var sum = 0
        var completions = 0
        let subscription = Observable.combineLatest(first, second) { $0 &+ $1 }
            .subscribe(onNext: { sum &+= $0 }, onCompleted: { completions += 1 })
        for value in 0..<(w5Events / 2) {
            first.onNext(value)
            second.onNext(value)
        }
        first.onCompleted()
        second.onCompleted()
        subscription.dispose()
        return checksum(sum: sum, completions: completions)
    }

    static func w5z() -> Int {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        var sum = 0
        var completions = 0
        let subscription = Observable.zip(first, second) { $0 &+ $1 }
            .subscribe(onNext: { sum &+= $0 }, onCompleted: { completions += 1 })
        for value in 0..<(w5Events / 2) {
            first.onNext(value)
            second.onNext(value)
        }
        first.onCompleted()
        second.onCompleted()
        subscription.dispose()
        return checksum(sum: sum, completions: completions)
    }
}
