// What every benchmark measures: one workload, three implementations of it.

/// The three implementations every workload is written in.
public enum Library: String, CaseIterable, Sendable {
    case rxCore = "RxCore"
    case openCombine = "OpenCombine"
    case closures = "closures"
}

/// One measured task, such as "a subject sends 1,000,000 Ints through map, filter and map".
///
/// Each variant runs the whole task once and returns a checksum of what its subscriber
/// received; the runner refuses to print numbers unless every variant returns the same one.
public struct Workload: Sendable {
    /// The short name the table uses: `W1s`, `W2`, ….
    public let name: String
    /// What the workload does, in a few words.
    public let title: String
    /// What one operation is (`element`, `cycle`, …): the table's unit is ns per operation.
    public let operation: String
    /// How many operations one run of a variant performs.
    public let operations: Int
    /// The implementations; a library that lacks the operator has none.
    public let variants: [Library: @Sendable () -> Int]

    /// The libraries that implement this workload, in ``Library`` order.
    public var libraries: [Library] {
        Library.allCases.filter { variants[$0] != nil }
    }
}

/// Every workload, in the order the table lists them.
public let allWorkloads: [Workload] = [
    Workload(
        name: "W1s", title: "subject → map → filter → map → subscribe", operation: "element",
        operations: w1Count,
        variants: [.rxCore: { RxCoreWorkloads.w1s() }, .openCombine: OpenCombineWorkloads.w1s, .closures: ClosureWorkloads.w1s]
    ),
    Workload(
        name: "W1r", title: "range → map → filter → map → subscribe", operation: "element",
        operations: w1Count,
        variants: [.rxCore: RxCoreWorkloads.w1r, .openCombine: OpenCombineWorkloads.w1r, .closures: ClosureWorkloads.w1r]
    ),
    Workload(
        name: "W2", title: "just.map.filter: subscribe, receive, dispose", operation: "cycle",
        operations: w2Cycles,
        variants: [.rxCore: { RxCoreWorkloads.w2() }, .openCombine: OpenCombineWorkloads.w2, .closures: ClosureWorkloads.w2]
    ),
    Workload(
        name: "W3", title: "one subject, 100 subscribers", operation: "delivered event",
        operations: w3Events * w3Subscribers,
        variants: [.rxCore: RxCoreWorkloads.w3, .openCombine: OpenCombineWorkloads.w3, .closures: ClosureWorkloads.w3]
    ),
    Workload(
        name: "W4", title: "flatMap each element to just(x)", operation: "outer element",
        operations: w4Count,
        variants: [.rxCore: RxCoreWorkloads.w4, .openCombine: OpenCombineWorkloads.w4, .closures: ClosureWorkloads.w4]
    ),
    Workload(
        name: "W5", title: "combineLatest of two subjects", operation: "event",
        operations: w5Events,
        variants: [.rxCore: RxCoreWorkloads.w5, .closures: ClosureWorkloads.w5]
    ),
    Workload(
        name: "W5z", title: "zip of two subjects", operation: "event",
        operations: w5Events,
        variants: [.rxCore: RxCoreWorkloads.w5z, .openCombine: OpenCombineWorkloads.w5z, .closures: ClosureWorkloads.w5z]
    ),
]

// MARK: - Sizes

/// W1s and W1r: elements sent.
public let w1Count = 1_000_000
/// W2: subscriptions made and disposed.
public let w2Cycles = 100_000
/// W3: events sent, each to every subscriber.
let w3Events = 10_000
/// W3: subscribers of the one subject.
let w3Subscribers = 100
/// W4: outer elements, each flatMapped to one inner sequence.
let w4Count = 10_000
/// W5 and W5z: events sent, alternating between the two subjects.
let w5Events = 500_000

/// Folds what a subscriber received into one number: the sum of the elements, and how many
/// completions arrived, weighted so that neither can hide the other.
@inline(__always)
func checksum(sum: Int, completions: Int) -> Int {
    sum &* 31 &+ completions
}
