/// What a leak finding means, so a reader knows which findings to act on first: one per open
/// subscription, said in words by ``LeakWording`` and in JSON by its raw value.
public enum LeakVerdict: String, Codable, Equatable, Sendable, CaseIterable {
    /// Objects are alive because of it: its source, sinks, observer and the closures they
    /// capture. The dangerous kind.
    case retaining
    /// It never ended, but nothing it held outlived it: its source was released with its owner.
    /// Harmless today, and still worth fixing.
    case neverEndedButReleased = "never_ended_but_released"
    /// Alive because a scheduler still holds work it queued (a `delay` or timer that has not
    /// fired): it ends when the work runs or is cancelled.
    case pendingScheduledWork = "pending_scheduled_work"
    /// Held by a program-lifetime object, such as a global's `DisposeBag`: alive until exit by
    /// design.
    case globalByDesign = "global_by_design"
    /// Held by the test harness: XCTest keeps every test case instance, and what its stored
    /// properties hold, until the process ends.
    case heldByTestHarness = "held_by_test_harness"

    /// The verdict in words, as reports open its line: `never ended but released`.
    public var words: String {
        String(rawValue.map { $0 == "_" ? " " : $0 })
    }

    /// Whether it counts as a leak for `--fail-on-leaks` and the test leak checks.
    public var isLeak: Bool {
        switch self {
        case .retaining, .neverEndedButReleased: true
        case .pendingScheduledWork, .globalByDesign, .heldByTestHarness: false
        }
    }
}

/// The `DisposeBag` a subscription's `Disposable` went into (`disposed(by:)`, `insert`).
public struct BagHold: Codable, Equatable, Sendable {
    /// The bag: `DisposeBag #2`.
    public var bag: String
    /// Where user code made it, when the trace says.
    public var madeAt: Assembly?
    /// Whether the bag was still alive at the end: never released, so it never disposed what it
    /// holds.
    public var isAliveAtEnd: Bool
    /// The function that made it, short (`GreetingViewModel.init()`), when the trace names the
    /// caller of its `init`: its owner's initializer, as a rule.
    public var madeIn: String? = nil

    /// A bag `bag`, made at `madeAt` in `madeIn`, alive at the end or not.
    public init(bag: String, madeAt: Assembly?, isAliveAtEnd: Bool, madeIn: String? = nil) {
        self.bag = bag
        self.madeAt = madeAt
        self.isAliveAtEnd = isAliveAtEnd
        self.madeIn = madeIn
    }

    /// `GreetingViewModel.init()` of a demangled `App.LoginScreen.GreetingViewModel.init() ->
    /// App.LoginScreen.GreetingViewModel`: the type and the function, without the module, the
    /// enclosing types or the result.
    public static func shortFunctionName(_ function: String) -> String {
        var name = function
        // A closure is named after the function it is in: `closure #1 () -> () in App.Model.load()`.
        while name.hasPrefix("closure #") || name.hasPrefix("implicit closure #"),
            let enclosing = name.range(of: " in ")
        {
            name = String(name[enclosing.upperBound...])
        }
        name = name.components(separatedBy: " -> ").first ?? name
        for prefix in ["variable initialization expression of ", "one-time initialization function for "]
        where name.hasPrefix(prefix) {
            name.removeFirst(prefix.count)
        }
        let path = name.prefix { $0 != "(" }
        var arguments = name.dropFirst(path.count)
        // `() throws`, `() async`: the arguments alone.
        if let close = arguments.lastIndex(of: ")") { arguments = arguments[...close] }
        let components = path.split(separator: ".")
        return components.suffix(2).joined(separator: ".") + arguments
    }

    /// The owner's type (`GreetingViewModel`) when ``madeIn`` is one of its functions.
    public var ownerTypeName: String? {
        guard let madeIn else { return nil }
        let components = madeIn.prefix { $0 != "(" }.split(separator: ".")
        return components.count >= 2 ? String(components[components.count - 2]) : nil
    }
}

/// Scheduled work that still holds a subscription at the end: which scheduler, the step that
/// queued it, and whether it repeats.
public struct PendingWork: Codable, Hashable, Sendable {
    /// The scheduler holding the work: `SerialDispatchQueueScheduler #9`.
    public var scheduler: String
    /// The step of the subscription's own code that scheduled it: `DelaySink.on`.
    public var scheduledBy: String
    /// `true` when the work repeats until it is disposed (an `interval`'s timer, queued by a
    /// scheduler's `schedulePeriodic`): it never ends by itself, so it is no pending work but a
    /// leak; `nil` otherwise.
    public var isPeriodic: Bool? = nil

    /// Work held by `scheduler`, queued by `scheduledBy`, repeating or not.
    public init(scheduler: String, scheduledBy: String, isPeriodic: Bool = false) {
        self.scheduler = scheduler
        self.scheduledBy = scheduledBy
        self.isPeriodic = isPeriodic ? true : nil
    }
}
