// Mirrors RxSwift's RxSwift/Observables/Generate.swift.

extension ObservableType {
    /// A sequence made by a loop: sends `initialState`, then each state `iterate` makes from
    /// the previous one, for as long as `condition` holds, then completes; one step per
    /// scheduled action on `scheduler`.
    ///
    /// An error `condition` or `iterate` throws ends the sequence with that error.
    ///
    /// - Parameters:
    ///   - initialState: The first state.
    ///   - condition: Whether a state is sent; the first state for which it is `false` ends
    ///     the sequence.
    ///   - scheduler: Runs the loop's steps.
    ///   - iterate: Makes the next state from the previous one.
    /// - Returns: The states.
    public static func generate(
        initialState: Element,
        condition: @escaping (Element) throws -> Bool,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        let call = TraceCall.enter("generate"); defer { call.exit() }
        return Generate(initialState: initialState, condition: condition, iterate: iterate, resultSelector: { $0 }, scheduler: scheduler)
            .assembled(by: "generate")
    }
}

// MARK: - Sink

/// One subscription's state for `generate`: the loop's current state, advanced one step per
/// scheduled action; created by `Generate.run`, released after it terminates or when the
/// subscription is disposed.
final class GenerateSink<Sequence, Observer: ObserverType>: Sink<Observer> {
    typealias Parent = Generate<Sequence, Observer.Element>

    private let parent: Parent
    /// The loop's state. Only the loop's steps touch it, one at a time.
    private var state: Sequence

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        self.state = parent.initialState
        super.init(observer: observer, cancel: cancel)
    }

    /// Starts the loop; returns the disposable that stops it.
    func run() -> Disposable {
        let call = TraceCall.enter("GenerateSink.run", on: self); defer { call.exit() }
        return parent.scheduler.scheduleRecursive(true) { isFirst, recurse in
            self.step(isFirst: isFirst, recurse: recurse)
        }
    }

    /// One turn of the loop: advances the state (except on the first turn), then sends it and
    /// schedules the next turn, or completes.
    private func step(isFirst: Bool, recurse: (Bool) -> Void) {
        let call = TraceCall.enter("GenerateSink.step", on: self); defer { call.exit() }
        do {
            if !isFirst {
                state = try parent.iterate(state)
            }
            if try parent.condition(state) {
                let result = try parent.resultSelector(state)
                forwardOn(.next(result))
                recurse(false)
            } else {
                forwardOn(.completed)
                dispose()
            }
        } catch {
            forwardOn(.error(error))
            dispose()
        }
    }
}

// MARK: - Producer

/// The observable `generate` returns: the initial state, the loop's closures and the
/// scheduler. Each subscription gets a ``GenerateSink``.
final class Generate<Sequence, Element>: Producer<Element> {
    fileprivate let initialState: Sequence
    fileprivate let condition: (Sequence) throws -> Bool
    fileprivate let iterate: (Sequence) throws -> Sequence
    fileprivate let resultSelector: (Sequence) throws -> Element
    fileprivate let scheduler: ImmediateSchedulerType

    init(
        initialState: Sequence,
        condition: @escaping (Sequence) throws -> Bool,
        iterate: @escaping (Sequence) throws -> Sequence,
        resultSelector: @escaping (Sequence) throws -> Element,
        scheduler: ImmediateSchedulerType
    ) {
        self.initialState = initialState
        self.condition = condition
        self.iterate = iterate
        self.resultSelector = resultSelector
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("Generate.run", on: self); defer { call.exit() }
        let sink = GenerateSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
