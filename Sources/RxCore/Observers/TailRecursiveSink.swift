// Mirrors RxSwift's RxSwift/Observers/TailRecursiveSink.swift.
// Simpler than RxSwift: only "move to the next source" is ever scheduled on the gate. RxSwift
// also schedules a dispose command, but it disposes the gate first, so that command never
// runs; here the generators simply go with the sink.
// Deviation from RxSwift: `maxTailRecursiveSinkStackSize`, DEBUG or TRACE_RESOURCES only in
// RxSwift, is always compiled (as `Resources` is), and is atomic: a computed global over an
// `Atomic`, because Swift 6 rejects a plain global `var`.

import Synchronization

/// The base of the sinks that subscribe to a sequence of observables one after another:
/// `concat`, `catch(sequence:)`, `retry` and `retry(when:)`.
///
/// It keeps a stack of iterators over source sequences. Moving on takes the next observable
/// from the top iterator; a subclass may recognise that observable as another sequence of
/// sources (a nested `concat`) and push its iterator instead of subscribing, so nesting does
/// not nest subscriptions. Each move runs through an ``AsyncLock``: a source that ends while it
/// is being subscribed makes the next move wait until the current one returns, which keeps the
/// stack flat however many sources follow. Subclasses say what an event means
/// (``ConcatSink``, ``CatchSequenceSink``, ``RetryWhenSequenceSink``). Released when the
/// subscription is disposed or terminates.
class TailRecursiveSink<Sequence: Swift.Sequence, Observer: ObserverType>: Sink<Observer>
where Sequence.Element: ObservableConvertibleType, Sequence.Element.Element == Observer.Element {
    typealias Element = Observer.Element
    /// An iterator over sources and, when known, how many sources it has left.
    typealias SequenceGenerator = (generator: Sequence.Iterator, remaining: Int?)

    /// The iterators still to walk, innermost last. Touched only by steps run through `gate`
    /// (and by `run` before the first step).
    private var generators: [SequenceGenerator] = []
    /// The subscription to the current source.
    private let subscription = SerialDisposable()
    /// Runs one move at a time.
    private let gate = AsyncLock()

    /// Pushes `sources` and moves to its first source; returns the disposable of the current
    /// source's subscription.
    func run(_ sources: SequenceGenerator) -> Disposable {
        let call = TraceCall.enter("TailRecursiveSink.run", on: self); defer { call.exit() }
        generators.append(sources)
        scheduleMoveNext()
        return subscription
    }

    /// Moves to the next source now, or after the move in progress returns.
    final func scheduleMoveNext() {
        gate.invoke { [self] in
            moveNext()
        }
    }

    /// Called when no source is left: completes. Subclasses may end otherwise.
    func done() {
        forwardOn(.completed)
        dispose()
    }

    /// The iterator to push when `observable` is itself a sequence of sources this sink can
    /// walk, or `nil` to subscribe to it; subclasses implement it.
    func extract(_ observable: Observable<Element>) -> SequenceGenerator? {
        rxAbstractMethod()
    }

    /// Subscribes this sink, or an observer of its own, to `source`; subclasses implement it.
    func subscribeToNext(_ source: Observable<Element>) -> Disposable {
        rxAbstractMethod()
    }

    /// Pops iterators until one yields an observable to subscribe to, then subscribes; calls
    /// ``done()`` when none is left. Runs inside `gate`.
    private func moveNext() {
        let call = TraceCall.enter("TailRecursiveSink.moveNext", on: self); defer { call.exit() }
        var next: Observable<Element>?
        repeat {
            guard let (top, remaining) = generators.last else { break }
            if isDisposed {
                return
            }
            generators.removeLast()

            var iterator = top
            guard let candidate = iterator.next()?.asObservable() else { continue }

            // An iterator known to be spent is not pushed back, so that a recursion such as
            // `a.concat(b.concat(c.concat(…)))` or `retry()` does not pile up empty iterators.
            if let remaining {
                if remaining - 1 >= 1 {
                    generators.append((iterator, remaining - 1))
                }
            } else {
                generators.append((iterator, nil))
            }

            if let nested = extract(candidate) {
                generators.append(nested)
                recordTailRecursiveSinkStackSize(generators.count)
            } else {
                next = candidate
            }
        } while next == nil

        guard let next else {
            done()
            return
        }
        let disposable = SingleAssignmentDisposable()
        subscription.disposable = disposable
        disposable.setDisposable(subscribeToNext(next))
    }

    /// Disposes the current source's subscription and stops further moves.
    override func dispose() {
        super.dispose()
        subscription.dispose()
        gate.dispose()
    }
}

// MARK: - Stack size

/// The largest number of iterators any ``TailRecursiveSink`` has held at once since this was
/// last set: how deep nested `concat`s went without nesting subscriptions.
///
/// A sequence of sources whose count is known (an array of nested concats) keeps it at 1; one
/// whose count is unknown (an `AnySequence`) grows it with each level. Tests set it to 0, run a
/// chain, and read it, as RxSwift's `ConcatTests` do in TRACE_RESOURCES builds.
public var maxTailRecursiveSinkStackSize: Int {
    get { largestTailRecursiveSinkStack.load(ordering: .relaxed) }
    set { largestTailRecursiveSinkStack.store(newValue, ordering: .relaxed) }
}

/// Storage behind ``maxTailRecursiveSinkStackSize``.
private let largestTailRecursiveSinkStack = Atomic<Int>(0)

/// Raises ``maxTailRecursiveSinkStackSize`` to `size` if it is smaller.
private func recordTailRecursiveSinkStackSize(_ size: Int) {
    var current = largestTailRecursiveSinkStack.load(ordering: .relaxed)
    while current < size {
        let exchange = largestTailRecursiveSinkStack.compareExchange(
            expected: current, desired: size, ordering: .relaxed)
        if exchange.exchanged {
            return
        }
        current = exchange.original
    }
}
