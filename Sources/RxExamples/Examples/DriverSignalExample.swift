import Foundation
import RxCore

/// Seed 002, section "RxCocoa Traits (WIP)": a `Driver` shares with `share(replay: 1, scope:
/// .whileConnected)`, so a late subscriber gets the latest element; a `Signal` shares without
/// replay, so a late subscriber gets only what comes next. Neither errors: the source's error
/// becomes `onErrorJustReturn`'s element and completion.
///
/// Both deliver on `SharingScheduler.make()`, the main scheduler by default. To keep the run
/// deterministic and off the main queue, the example builds them inside
/// `SharingScheduler.mock(scheduler:)` (and subscribes after it returns), as RxCocoa's tests do, with a ``TrampolineScheduler``:
/// `CurrentThreadScheduler.instance` as a `SchedulerType` (which the mock needs and
/// `CurrentThreadScheduler` alone is not). `observe(on:)` then hands each event on at once, on
/// the thread that sent it, through the trampoline the report shows.
public struct DriverSignalExample: TracedExample {
    public init() {}
    public var name: String { "driver-signal" }
    public var seed: String { "002" }
    public var summary: String { "Driver replays the latest to a late subscriber, Signal does not; neither errors" }

    struct LoadFailed: Error {}

    /// `CurrentThreadScheduler.instance` with a clock: schedules on the current thread's
    /// trampoline, so everything runs on the calling thread, in order.
    struct TrampolineScheduler: SchedulerType {
        /// A fixed time: nothing here reads the clock.
        var now: RxTime { Date(timeIntervalSince1970: 0) }

        func schedule<StateType>(
            _ state: StateType, action: @escaping (StateType) -> Disposable
        ) -> Disposable {
            CurrentThreadScheduler.instance.schedule(state, action: action)
        }

        /// Does not wait: the example schedules nothing with a delay.
        func scheduleRelative<StateType>(
            _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
        ) -> Disposable {
            schedule(state, action: action)
        }
    }

    public func run(_ output: ExampleOutput) {
        let bag = DisposeBag()
        let source = PublishSubject<Int>()
        // Built inside the mock, they keep its scheduler after it returns.
        var shared: (driver: Driver<Int>, signal: Signal<Int>)?
        SharingScheduler.mock(scheduler: TrampolineScheduler()) {
            shared = (source.asDriver(onErrorJustReturn: -1), source.asSignal(onErrorJustReturn: -1))
        }
        guard let (driver, signal) = shared else { return }

        driver.drive(onNext: { output.print("driver got \($0)") }).disposed(by: bag)
        signal.emit(onNext: { output.print("signal got \($0)") }).disposed(by: bag)
        source.onNext(1)

        driver.drive(onNext: { output.print("late driver got \($0)") }).disposed(by: bag)
        signal.emit(onNext: { output.print("late signal got \($0)") }).disposed(by: bag)
        source.onError(LoadFailed())
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension DriverSignalExample {
    public var whatToNotice: String {
        "The late Driver subscriber gets the latest element at once (replayed), the late Signal subscriber does not; the source's error never arrives as an error, only as onErrorJustReturn's element and completion."
    }
}
