// Mirrors RxSwift's RxSwift/Binder.swift.
// Deviation from RxSwift: the binding closure is not `@Sendable` and `Binder` is not
// `Sendable` (RxSwift's current source marks the closure `@Sendable` and the struct
// `@unchecked Sendable`): RxCore's schedulers take non-`Sendable` actions. Closures written
// for RxSwift compile unchanged. `on` and the scheduled binding are recorded steps.

/// An observer for binding to a user interface: it sets each element on its target on one
/// scheduler, ignores completion, and treats an error as a programming error.
///
/// An error traps in debug builds and is printed in release builds. The binder holds its
/// target weakly: once the target is gone, elements are dropped. It is a struct, so it is
/// neither resource-counted nor traced; its scheduler is.
public struct Binder<Value>: ObserverType {
    /// The bound elements' type.
    public typealias Element = Value

    private let binding: (Event<Value>) -> Void

    /// A binder that calls `binding` with `target` and each element, on `scheduler`.
    ///
    /// - Parameters:
    ///   - target: the object bound to; held weakly.
    ///   - scheduler: where `binding` runs; a new ``MainScheduler`` by default, as in
    ///     RxSwift, which runs it at once when the element arrives on the main queue.
    ///   - binding: sets one element on the target.
    public init<Target: AnyObject>(
        _ target: Target,
        scheduler: ImmediateSchedulerType = MainScheduler(),
        binding: @escaping (Target, Value) -> Void
    ) {
        weak let weakTarget = target
        self.binding = { event in
            switch event {
            case .next(let element):
                _ = scheduler.schedule(element) { element in
                    let call = TraceCall.enter("Binder.binding"); defer { call.exit() }
                    if let target = weakTarget {
                        binding(target, element)
                    }
                    return Disposables.create()
                }
            case .error(let error):
                rxFatalErrorInDebug("Binding error: \(error)")
            case .completed:
                break
            }
        }
    }

    /// Binds a `next` element on the scheduler; ignores `completed`; an `error` traps in
    /// debug builds and is printed in release builds.
    public func on(_ event: Event<Value>) {
        let call = TraceCall.enterFromUser("Binder.on", on: nil, event: event); defer { call.exit() }
        binding(event)
    }

    /// This binder, type-erased.
    public func asObserver() -> AnyObserver<Value> {
        AnyObserver(eventHandler: on)
    }
}
