// The workloads written with OpenCombine 0.14.
//
// OpenCombine's natural code for `(0..<n).publisher.map{}.filter{}` and `Just(1).map{}` takes
// eager shortcuts: `Publishers.Sequence` and `Just` overload `map` and `filter` to transform
// their values up front, so no operator subscription runs. Those sources are wrapped in
// ``Streamed`` here, so that `map` and `filter` are the real `Publishers.Map` and
// `Publishers.Filter`, as they are for every other source.

import OpenCombine

/// The OpenCombine variant of every workload (OpenCombine 0.14 has no `combineLatest`).
enum OpenCombineWorkloads {
    static func w1s() -> Int {
        let subject = PassthroughSubject<Int, Never>()
        var sum = 0
        var completions = 0
        let cancellable = subject
            .map { $0 + 1 }
            .filter { $0 % 2 == 0 }
            .map { $0 * 2 }
            .sink(receiveCompletion: { _ in completions += 1 }, receiveValue: { sum &+= $0 })
        for value in 0..<w1Count {
            subject.send(value)
        }
        subject.send(completion: .finished)
        cancellable.cancel()
        return checksum(sum: sum, completions: completions)
    }

    static func w1r() -> Int {
        var sum = 0
        var completions = 0
        let cancellable = Streamed(Publishers.Sequence<Range<Int>, Never>(sequence: 0..<w1Count))
            .map { $0 + 1 }
            .filter { $0 % 2 == 0 }
            .map { $0 * 2 }
            .sink(receiveCompletion: { _ in completions += 1 }, receiveValue: { sum &+= $0 })
        cancellable.cancel()
        return checksum(sum: sum, completions: completions)
    }

    static func w2() -> Int {
        var sum = 0
        var completions = 0
        for _ in 0..<w2Cycles {
            let cancellable = Streamed(Just(1))
                .map { $0 + 1 }
                .filter { $0 % 2 == 0 }
                .sink(receiveCompletion: { _ in completions += 1 }, receiveValue: { sum &+= $0 })
            cancellable.cancel()
        }
        return checksum(sum: sum, completions: completions)
    }

    static func w3() -> Int {
        let subject = PassthroughSubject<Int, Never>()
        var sum = 0
        var completions = 0
        let cancellables = (0..<w3Subscribers).map { _ in
            subject.sink(receiveCompletion: { _ in completions += 1 }, receiveValue: { sum &+= $0 })
        }
        for value in 0..<w3Events {
            subject.send(value)
        }
        subject.send(completion: .finished)
        cancellables.forEach { $0.cancel() }
        return checksum(sum: sum, completions: completions)
    }

    static func w4() -> Int {
        let subject = PassthroughSubject<Int, Never>()
        var sum = 0
        var completions = 0
        let cancellable = subject
            .flatMap { Just($0) }
            .sink(receiveCompletion: { _ in completions += 1 }, receiveValue: { sum &+= $0 })
        for value in 0..<w4Count {
            subject.send(value)
        }
        subject.send(completion: .finished)
        cancellable.cancel()
        return checksum(sum: sum, completions: completions)
    }

    static func w5z() -> Int {
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        var sum = 0
        var completions = 0
        let cancellable = first.zip(second)
            .sink(receiveCompletion: { _ in completions += 1 }, receiveValue: { sum &+= $0 &+ $1 })
        for value in 0..<(w5Events / 2) {
            first.send(value)
            second.send(value)
        }
        first.send(completion: .finished)
        second.send(completion: .finished)
        cancellable.cancel()
        return checksum(sum: sum, completions: completions)
    }
}

/// A publisher that only passes its subscriber on to `upstream`: operators applied to it are
/// OpenCombine's general ones, never `upstream`'s eager overloads.
struct Streamed<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream

    init(_ upstream: Upstream) {
        self.upstream = upstream
    }

    func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
        upstream.receive(subscriber: subscriber)
    }
}
