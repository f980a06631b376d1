/// The one wording of a leak, which `rxtrace report --leaks` (``LeakReportRenderer``) and
/// RxTesting's failing leak checks (`LeakFailureMessage`) both print, so that the same leak
/// reads the same in a trace's report and in a test's failure. What counts as a leak is
/// ``LeakRules``'.
public enum LeakWording {
    /// What to do about a subscription that never ended.
    public static let subscriptionAdvice =
        "keep the Disposable that subscribe returns and dispose it, add it to a DisposeBag, or complete the source"

    /// What to do about objects that outlived the run or the test.
    public static let objectAdvice =
        "release them: dispose the subscriptions that hold them, or end their sequences"

    /// What to do about a subscription held by a bag that was never released.
    public static let bagCycleAdvice =
        "capture the owner weakly in this subscription's closures: [weak self] or [unowned self], "
        + "withUnretained(self), or subscribe(with: self, onNext: { owner, value in … })"

    /// What to do about a subscription whose timer repeats until it is disposed (`interval`).
    public static let periodicWorkAdvice =
        "keep the Disposable that subscribe returns and dispose it, add it to a DisposeBag, or end the timer "
        + "with take(_:) or take(until:)"

    /// What to do about a subscription that scheduled work still holds.
    public static let pendingWorkAdvice =
        "let the work run before the end (wait for it), or dispose the subscription when you no longer need it"

    /// One open subscription: what it is, its verdict, then a line each for where it was
    /// subscribed, its tags, the bag it is in, where its observable was built, its chain
    /// (sources first), what holds it, what it keeps alive, why and what to do.
    ///
    ///     Subscription #1 to Map<Int, Int> #2 was never disposed, and its source never terminated.
    ///       verdict        retaining: it keeps 3 objects alive
    ///       subscribed at  App/Main.swift:9
    ///       built at       App/Main.swift:9 (map)
    ///       chain          PublishSubject<Int> #1
    ///                      └─ Map<Int, Int> #2 (map at App/Main.swift:9)
    ///                         └─ AnonymousObserver<Int> #3
    ///       held by        PublishSubject<Int> #1: it keeps its observers until it terminates, and it never did
    ///                      └─ MapSink<…> #5, SinkDisposer #4: the subscription's sinks
    ///                         └─ AnonymousObserver<Int> #3: the subscriber, with the closures passed at App/Main.swift:9
    ///       keeps alive    3 objects: 1 AnonymousObserver<Int>, 1 SinkDisposer, 1 MapSink<…>
    ///       why            …
    ///       fix            keep the Disposable that subscribe returns and dispose it, …
    public static func lines(for open: OpenSubscription) -> [String] {
        let subscription = open.subscription
        let target =
            subscription.observableTypeName.map { typeName in
                TypeNames.short(typeName) + (subscription.observableObjectID.map { " #\($0)" } ?? "")
            } ?? "an observable"
        var lines = [
            "Subscription #\(subscription.id) to \(target) was never disposed, and its source never terminated.",
            "  verdict        " + verdictText(open),
            "  subscribed at  \(subscription.site)",
        ]
        if let tags = open.tags {
            lines.append("  tagged         " + tags.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        if let bag = open.bag {
            let made =
                (bag.madeAt.map { ", made at \($0.location)" } ?? "") + (bag.madeIn.map { " in \($0)" } ?? "")
            lines.append("  in bag         \(bag.bag)\(made)" + (bag.isAliveAtEnd ? ", never released" : ""))
        }
        if let builtAt = open.builtAt {
            lines.append("  built at       \(builtAt.location) (\(builtAt.name))")
        }
        lines += labelled("chain", chainTree(of: open))
        lines += labelled("held by", tree(retentionPath(of: open)))
        if !open.alive.isEmpty {
            lines.append("  keeps alive    " + groupedByType(open.alive))
        }
        let (why, fix) = explanation(of: open)
        if let why { lines.append("  why            " + why) }
        lines.append("  fix            " + fix)
        return lines
    }

    /// The same leak found more than once, reported once: open subscriptions with the same
    /// subscribe line, chain shape (its elements' types and build lines, not their numbers) and
    /// verdict, in order of first appearance.
    public static func identicalGroups(_ subscriptions: [OpenSubscription]) -> [[OpenSubscription]] {
        var groups: [[OpenSubscription]] = []
        var indexOfKey: [String: Int] = [:]
        for open in subscriptions {
            let key = LeakRules.identityKey(of: open)
            if let index = indexOfKey[key] {
                groups[index].append(open)
            } else {
                indexOfKey[key] = groups.count
                groups.append([open])
            }
        }
        return groups
    }

    /// A group of identical leaks: the first in full, then how many times it was found, by
    /// which subscriptions and, for a test run, in which tests.
    public static func lines(for group: [OpenSubscription]) -> [String] {
        IdenticalLeaks(group).map(lines(for:)) ?? []
    }

    /// A group of identical leaks: the first in full, then how many times it was found, by
    /// which subscriptions and, for a test run, in which tests.
    public static func lines(for group: IdenticalLeaks) -> [String] {
        var lines = lines(for: group.first)
        guard let found = foundText(group) else { return lines }
        lines.insert("  found          " + found, at: 2)
        return lines
    }

    /// `3 times: subscriptions #1, #2, #3; in LoginTests.testA, LoginTests.testB`: how often a
    /// group of identical leaks (``identicalGroups(_:)``) was found, by which subscriptions and
    /// in which tests; `nil` for a leak found once.
    public static func foundText(_ group: [OpenSubscription]) -> String? {
        IdenticalLeaks(group).flatMap(foundText)
    }

    /// ``foundText(_:)-([OpenSubscription])`` of a group held as ``IdenticalLeaks``.
    public static func foundText(_ group: IdenticalLeaks) -> String? {
        guard group.count > 1 else { return nil }
        let listed = IdenticalLeaks.listedCount
        let shown =
            group.subscriptionIDs.prefix(listed).map { "#\($0)" }.joined(separator: ", ")
            + (group.count > listed ? ", …" : "")
        var found = "\(group.count) times: subscriptions \(shown)"
        let tests = group.scopeNames
        if !tests.isEmpty {
            found += "; in " + tests.prefix(listed).joined(separator: ", ") + (tests.count > listed ? ", …" : "")
        }
        return found
    }

    /// `DisposeBag #2, made at App/Login.swift:20 in LoginViewModel.init(), never released`.
    public static func bagText(_ bag: BagHold) -> String {
        let made = (bag.madeAt.map { ", made at \($0.location)" } ?? "") + (bag.madeIn.map { " in \($0)" } ?? "")
        return "\(bag.bag)\(made)" + (bag.isAliveAtEnd ? ", never released" : "")
    }

    /// `retaining: it keeps 5 objects alive`, `never ended but released: …`.
    public static func verdictText(_ open: OpenSubscription) -> String {
        switch open.verdict {
        case .retaining:
            if let bag = open.bag, bag.isAliveAtEnd {
                return "retaining: it is in \(bag.bag), which was never released (a retain cycle, most likely)"
            }
            return "retaining: it keeps \(counted(open.alive.count, "object")) alive"
        case .neverEndedButReleased:
            return "never ended but released: nothing it held outlived it"
        case .pendingScheduledWork:
            let work = open.pendingWork.map(pendingWorkText)
            return "pending scheduled work: " + (work ?? "a scheduler still holds work it queued")
        case .globalByDesign:
            return "global by design: a global's DisposeBag holds it until the program exits"
        case .heldByTestHarness:
            return "held by the test harness: XCTest keeps its test case instances until the process ends"
        }
    }

    /// Why the finding is what it is, and what to do.
    public static func explanation(of open: OpenSubscription) -> (why: String?, fix: String) {
        switch open.verdict {
        case .retaining:
            if let bag = open.bag, bag.isAliveAtEnd {
                let owner = bag.ownerTypeName.map { "its owner, a \($0)" } ?? "its owner"
                return (
                    "\(bag.bag) disposes what it holds when it is released, and it never was, so neither was "
                        + "\(owner): commonly a retain cycle, owner → bag → this subscription → its closure → "
                        + "owner, when a closure of this subscription captures the owner strongly",
                    bagCycleAdvice
                )
            }
            if let work = open.pendingWork, work.isPeriodic == true {
                return (
                    "its Disposable was dropped, and \(work.scheduler) runs its timer until it is disposed, which "
                        + "never happens: the timer keeps its sinks and the subscriber's closures alive, with "
                        + "everything they capture",
                    periodicWorkAdvice
                )
            }
            return (
                "its Disposable was dropped and its source never terminated, so the source keeps its sinks and "
                    + "the subscriber's closures alive, with everything they capture",
                subscriptionAdvice
            )
        case .neverEndedButReleased:
            return (
                "harmless today: its source was released with its owner and took the subscription with it; "
                    + "still worth fixing, since a source that lives longer (a shared subject, a singleton) would "
                    + "keep it, and all its closures capture, alive",
                subscriptionAdvice
            )
        case .pendingScheduledWork:
            return (
                "it ends when that work runs or is cancelled: a delay or a timer that had not fired yet",
                pendingWorkAdvice
            )
        case .globalByDesign, .heldByTestHarness:
            return (nil, "nothing to do")
        }
    }

    /// What holds the subscription, from the root down to its subscriber, each node with why.
    public static func retentionPath(of open: OpenSubscription) -> [[String]] {
        let subscription = open.subscription
        let isChainElement = Set(
            (open.chain + (open.innerChains ?? []).flatMap(\.elements)).compactMap(objectNumber))
        let disposable = subscription.disposableObjectID.map { "#\($0)" }
        let observer = subscription.observerObjectID.map { "#\($0)" }
        let aliveOfType = { (match: (String) -> Bool) in
            open.alive.filter { label in objectNumber(label).map(match) ?? false }
        }
        var path: [[String]] = []
        if let bag = open.bag, bag.isAliveAtEnd {
            let made = bag.madeAt.map { " (made at \($0.location))" } ?? ""
            path.append(["\(bag.bag)\(made): never released, so it never disposed what it holds"])
            if let held = aliveOfType({ $0 == disposable }).first {
                path.append(["\(held): the Disposable subscribe returned, in the bag"])
            }
        } else if let work = open.pendingWork {
            path.append(
                [
                    work.isPeriodic == true
                        ? "\(work.scheduler): runs the periodic work \(work.scheduledBy) queued until it is disposed"
                        : "\(work.scheduler): holds the work \(work.scheduledBy) queued, not run yet"
                ])
        } else {
            // The sources still alive: the chain's, and each inner subscription's (a subject a
            // flatMapLatest's closure returned keeps that inner subscription, and through it the
            // whole chain).
            let isAlive = { (label: String) in open.alive.contains { objectNumber($0) == objectNumber(label) } }
            var roots: [String] = []
            if let source = open.chain.first, isAlive(source) {
                roots.append("\(source): it keeps its observers until it terminates, and it never did")
            }
            for inner in open.innerChains ?? [] {
                guard let source = inner.elements.first, isAlive(source), inner.operatorIndex < open.chain.count
                else { continue }
                let owner = open.chain[inner.operatorIndex].split(separator: " ").prefix(2).joined(separator: " ")
                roots.append(
                    "\(source): the source of an inner subscription of \(owner); it keeps its observers until it "
                        + "terminates, and it never did")
            }
            if !roots.isEmpty { path.append(roots) }
        }
        let sinks = aliveOfType { !isChainElement.contains($0) && $0 != disposable && $0 != observer }
        if !sinks.isEmpty {
            path.append([sinks.joined(separator: ", ") + ": the subscription's sinks"])
        }
        if let subscriber = aliveOfType({ $0 == observer }).first {
            path.append(["\(subscriber): the subscriber, with the closures passed at \(subscription.site)"])
        }
        return path
    }

    /// The chain as a tree in the order data flows, each element under the one it feeds from,
    /// sources at the top, the subscriber at the bottom; an inner subscription an operator
    /// made (``OpenSubscription/innerChains``) hangs under that operator, marked `inner:`:
    ///
    ///     BehaviorRelay<String> #1
    ///     └─ FlatMapLatest<String, Int> #3 (flatMapLatest at App/Search.swift:12)
    ///        ├─ inner: PublishSubject<Int> #2
    ///        │  └─ Map<Int, Int> #5 (map at App/Search.swift:12)
    ///        └─ AnonymousObserver<Int> #4
    public static func chainTree(of open: OpenSubscription) -> [String] {
        let inner = open.innerChains ?? []
        var lines: [String] = []
        for (depth, element) in open.chain.enumerated() {
            lines.append(depth == 0 ? element : String(repeating: "   ", count: depth - 1) + "└─ " + element)
            let isLast = depth == open.chain.count - 1
            for (index, chain) in inner.enumerated() where chain.operatorIndex == depth {
                let isLastBranch = isLast && !inner[(index + 1)...].contains { $0.operatorIndex == depth }
                let base = String(repeating: "   ", count: depth)
                let branch = isLastBranch ? "└─ " : "├─ "
                let rule = isLastBranch ? "   " : "│  "
                for (step, innerElement) in chain.elements.enumerated() {
                    lines.append(
                        step == 0
                            ? base + branch + "inner: " + innerElement
                            : base + rule + String(repeating: "   ", count: step - 1) + "└─ " + innerElement)
                }
            }
        }
        return lines
    }

    /// `#12` of a label `MapSink<…> #12` or `Map<Int, Int> #3 (map at …)`.
    private static func objectNumber(_ label: String) -> String? {
        label.split(separator: " ").last { $0.hasPrefix("#") }.map(String.init)
    }

    /// Nodes as an indented tree, each under the one before: the first as it is, the others
    /// with `└─ `, three columns deeper each.
    private static func tree(_ nodes: [[String]]) -> [String] {
        nodes.enumerated().flatMap { depth, node in
            node.map { depth == 0 ? $0 : String(repeating: "   ", count: depth - 1) + "└─ " + $0 }
        }
    }

    /// `lines` under a label in the report's left column: the first on the label's line.
    private static func labelled(_ label: String, _ lines: [String]) -> [String] {
        lines.enumerated().map { index, line in
            "  " + (index == 0 ? label : "").rightPadded(to: 13) + "  " + line
        }
    }

    /// `5 objects: 2 MapSink<…>, 1 SinkDisposer, …`: labels grouped by type, in order of first
    /// appearance, with counts.
    public static func groupedByType(_ labels: [String]) -> String {
        var types: [(name: String, count: Int)] = []
        for label in labels {
            let name = label.split(separator: " ").filter { !$0.hasPrefix("#") }.joined(separator: " ")
            if let index = types.firstIndex(where: { $0.name == name }) {
                types[index].count += 1
            } else {
                types.append((name, 1))
            }
        }
        return "\(counted(labels.count, "object")): " + types.map { "\($0.count) \($0.name)" }.joined(separator: ", ")
    }

    /// What a DisposeBag made in `main.swift` held at the end, which is alive by design:
    ///
    ///     DisposeBag #1 made at App/main.swift:3 holds
    ///       Subscription #1 subscribed at App/main.swift:6: PublishSubject<Int> #2 → AnonymousObserver<Int> #3
    ///       alive          DisposeBag #1, SinkDisposer #4, PublishSubject<Int> #2, AnonymousObserver<Int> #3
    ///       verdict        global by design: a global's DisposeBag holds them until the program exits
    public static func lines(forAliveAtExit bag: BagAliveAtExit) -> [String] {
        var lines = ["\(bag.bag) made at \(bag.madeAt.location) holds"]
        for open in bag.subscriptions {
            let chain = open.chain.isEmpty ? "" : ": " + open.chain.joined(separator: " → ")
            lines.append("  Subscription #\(open.subscription.id) subscribed at \(open.subscription.site)\(chain)")
        }
        lines.append("  alive          " + bag.objects.joined(separator: ", "))
        lines.append("  verdict        " + aliveAtExitVerdictText)
        return lines
    }

    /// The verdict on what a global's DisposeBag holds at the end.
    public static let aliveAtExitVerdictText =
        "global by design: a global's DisposeBag holds them until the program exits"

    /// The objects alive at the end in blocks of one verdict and holder
    /// (``liveObjectBlocks(_:)``): a line per type (count, short type name, ids, where they
    /// were created), columns aligned across blocks, then the block's verdict, why and what to
    /// do; `untracedCount` more objects that `Resources.total` counted but no trace holds get a
    /// block of their own.
    ///
    ///       1 ×  MapSink<…>  #5  created in the subscribe at App/Main.swift:9
    ///       verdict        retaining: kept alive by Subscription #1 above
    ///       fix            they are released with Subscription #1: see its fix above
    public static func lines(forLiveObjects groups: [LiveObjectGroup], untracedCount: Int = 0) -> [String] {
        let blocks = liveObjectBlocks(groups)
        var rows = rows(forLiveObjects: blocks.flatMap { $0 })
        if untracedCount > 0 {
            rows.append(
                (
                    count: "\(untracedCount) ×", type: "untraced", ids: "",
                    place:
                        "counted by Resources.total, not in the trace: made on another thread or under another recorder"
                ))
        }
        guard !rows.isEmpty else { return [] }
        let table = aligned(rows)
        var lines: [String] = []
        var row = 0
        for block in blocks {
            if !lines.isEmpty { lines.append("") }
            lines += table[row..<(row + block.count)]
            row += block.count
            guard let first = block.first else { continue }
            lines.append("  verdict        " + verdictText(first))
            let (why, fix) = explanation(of: first)
            if let why { lines.append("  why            " + why) }
            lines.append("  fix            " + fix)
        }
        if untracedCount > 0 {
            if !lines.isEmpty { lines.append("") }
            lines.append(table[row])
            lines.append("  fix            " + objectAdvice)
        }
        return lines
    }

    /// The objects alive at the end as rows alone, columns aligned, with no verdict: for a
    /// section whose heading says what they are (those the test harness holds).
    public static func rowLines(forLiveObjects groups: [LiveObjectGroup]) -> [String] {
        aligned(rows(forLiveObjects: groups))
    }

    /// Live-object groups in blocks that share a verdict and a holder, in order of first
    /// appearance: each block is one finding, with one verdict and one piece of advice.
    public static func liveObjectBlocks(_ groups: [LiveObjectGroup]) -> [[LiveObjectGroup]] {
        struct Finding: Hashable {
            let verdict: LeakVerdict
            let holder: LiveObjectHolder?
        }
        var blocks: [[LiveObjectGroup]] = []
        var indexOfFinding: [Finding: Int] = [:]
        for group in groups {
            let finding = Finding(verdict: group.verdict, holder: group.holder)
            if let index = indexOfFinding[finding] {
                blocks[index].append(group)
            } else {
                indexOfFinding[finding] = blocks.count
                blocks.append([group])
            }
        }
        return blocks
    }

    /// `retaining: kept alive by Subscription #1 above`, `global by design: made by main, …`:
    /// the verdict on objects alive at the end, and what holds them.
    public static func verdictText(_ group: LiveObjectGroup) -> String {
        let holder = group.holder
        if let subscriptions = holder?.subscriptionIDs, !subscriptions.isEmpty {
            return "\(group.verdict.words): kept alive by \(subscriptionList(subscriptions)) above"
        }
        if group.verdict == .retaining, let work = holder?.pendingWork {
            return "retaining: " + pendingWorkText(work)
        }
        switch group.verdict {
        case .retaining, .neverEndedButReleased:
            let made = holder?.madeIn.map { "made in \($0), " } ?? ""
            return "retaining: " + made
                + "no open subscription holds them, so something of the program still references them"
        case .pendingScheduledWork:
            guard let work = holder?.pendingWork else {
                return "pending scheduled work: a scheduler still holds work queued on it"
            }
            return "pending scheduled work: " + pendingWorkText(work)
        case .globalByDesign:
            let maker = holder?.madeIn.map { "made by \($0), " } ?? "made by "
            return "global by design: " + maker
                + "top-level code or a global's initializer, so a global holds them until the program exits"
        case .heldByTestHarness:
            return "held by the test harness: XCTest keeps its test case instances until the process ends"
        }
    }

    /// Why objects alive at the end are, and what to do.
    public static func explanation(of group: LiveObjectGroup) -> (why: String?, fix: String) {
        if let subscriptions = group.holder?.subscriptionIDs, !subscriptions.isEmpty {
            return (nil, "they are released with \(subscriptionList(subscriptions)): see its fix above")
        }
        if group.verdict == .retaining, group.holder?.pendingWork?.isPeriodic == true {
            return (
                "a periodic timer (interval) keeps its scheduler and what its work captures until the subscription "
                    + "that scheduled it is disposed",
                "dispose that subscription (see its fix above)"
            )
        }
        switch group.verdict {
        case .retaining, .neverEndedButReleased:
            return (
                "a variable, a property or a closure of the program still references them after the run (or the "
                    + "test) ended, or their owner was never released",
                "release what references them (let its owner go, set the property to nil), or, if they are meant "
                    + "to live as long as the program, hold them in a global"
            )
        case .pendingScheduledWork:
            return (
                "they are released when that work runs or is cancelled: a delay or a timer that had not fired yet, "
                    + "or a TestScheduler never started",
                "let the work run before the end (wait for it, or start the TestScheduler), or dispose what "
                    + "scheduled it when you no longer need it"
            )
        case .globalByDesign, .heldByTestHarness:
            return (nil, "nothing to do")
        }
    }

    /// `SerialDispatchQueueScheduler #3 still holds work DelaySink.on queued`, and for a virtual
    /// time scheduler never started, that it never was.
    static func pendingWorkText(_ work: PendingWork) -> String {
        if work.isPeriodic == true {
            return "\(work.scheduler) runs the periodic work \(work.scheduledBy) queued until it is disposed"
        }
        let text = "\(work.scheduler) still holds work \(work.scheduledBy) queued"
        return work.scheduledBy == "VirtualTimeScheduler.scheduleAbsoluteVirtual"
            ? text + ", and was never started" : text
    }

    /// `Subscription #1`, `Subscriptions #1 and #2`, `Subscriptions #1, #2 and #3`.
    private static func subscriptionList(_ ids: [Int64]) -> String {
        let numbers = ids.prefix(10).map { "#\($0)" } + (ids.count > 10 ? ["…"] : [])
        guard numbers.count > 1 else { return "Subscription " + (numbers.first ?? "") }
        return "Subscriptions " + numbers.dropLast().joined(separator: ", ") + " and " + numbers[numbers.count - 1]
    }

    /// The cells of a row of objects alive at the end: count, short type name, ids, where they
    /// were created.
    typealias LiveObjectCells = (count: String, type: String, ids: String, place: String)

    /// A row per group: count, short type name, ids, where they were created.
    private static func rows(forLiveObjects groups: [LiveObjectGroup]) -> [LiveObjectCells] {
        groups.map(row(forLiveObjects:))
    }

    /// The row of `group`: count, short type name, ids, where they were created.
    static func row(forLiveObjects group: LiveObjectGroup) -> LiveObjectCells {
        (
            count: "\(group.objectIDs.count) ×", type: TypeNames.short(group.typeName),
            ids: idList(group.objectIDs),
            place: "created " + group.createdIn.prefix(placesShown).joined(separator: "; ")
                + (group.createdIn.count > placesShown
                    ? "; and in \(group.createdIn.count - placesShown) more places" : "")
        )
    }

    /// How many ids a row of objects alive at the end names: the first few and the last.
    static let idsShown = 6
    /// How many places a row of objects alive at the end names.
    static let placesShown = 3
    /// The widest a column of objects alive at the end is padded to; a longer cell pushes the
    /// rest of its own line right.
    static let columnWidthLimit = 40

    /// `#2 #4 #6`; `#2 #4 #6 #8 #10 … #40000 (20000 ids)` for a long list: a type may have a
    /// million objects alive.
    static func idList(_ ids: [Int64]) -> String {
        guard ids.count > idsShown else { return ids.map { "#\($0)" }.joined(separator: " ") }
        return ids.prefix(idsShown - 1).map { "#\($0)" }.joined(separator: " ") + " … #\(ids[ids.count - 1])"
    }

    /// Rows as lines, each column as wide as its widest cell, up to ``columnWidthLimit``.
    private static func aligned(_ rows: [LiveObjectCells]) -> [String] {
        let countWidth = min(rows.map(\.count.count).max() ?? 0, columnWidthLimit)
        let typeWidth = min(rows.map(\.type.count).max() ?? 0, columnWidthLimit)
        let idsWidth = min(rows.map(\.ids.count).max() ?? 0, columnWidthLimit)
        return rows.map { alignedLine($0, countWidth: countWidth, typeWidth: typeWidth, idsWidth: idsWidth) }
    }

    /// `row` as a line, its first three columns padded to these widths (an empty ids column,
    /// `idsWidth` 0, left out).
    static func alignedLine(_ row: LiveObjectCells, countWidth: Int, typeWidth: Int, idsWidth: Int) -> String {
        "  " + row.count.rightPadded(to: countWidth) + "  " + row.type.rightPadded(to: typeWidth) + "  "
            + (idsWidth > 0 ? row.ids.rightPadded(to: idsWidth) + "  " : "") + row.place
    }
}
