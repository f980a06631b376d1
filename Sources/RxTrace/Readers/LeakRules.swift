/// The one set of rules for what leaked, which RxTesting's live leak checks (`LeakTracker`)
/// and ``LeakFinder`` (SQL over a trace) both apply, so a failing test and `rxtrace report
/// --leaks` on the same run say the same thing; ``LeakWording`` words what they find.
///
/// - A subscription has ended once its observer received `.completed` or `.error`, or once the
///   disposable its `subscribe` returned was disposed, whichever came first. When that
///   disposable is not traced (`never()`'s, a subject's), its disposal cannot be seen, and the
///   subscription ends when its observer is released instead: nothing can reach it any more.
/// - Its chain is what its `subscribe` subscribed through (each `subscribeSafe`), upstream
///   first, each once, then its observer; an element built by user code is named with where
///   (`Map<Int, Int> #2 (map at App/Main.swift:7)`).
/// - It keeps alive what is still alive of its chain and of the objects created while its
///   `subscribe` ran.
/// - An object alive at the end was created in the innermost user `subscribe` running on its
///   thread when it was made, or outside any.
/// - A DisposeBag alive at the end is a global's when top-level code or a global's initializer
///   made it (the function of its `init`'s caller, or, without symbols, a `main.swift`): the
///   subscriptions it holds, what they keep alive and the bag itself are alive at exit by
///   design, not leaks. Any other bag alive at the end outlived its owner's release.
/// - A finding's verdict (``LeakVerdict``): held by a global's bag, global by design; held by
///   any other bag still alive, retaining (the bag's owner was never released: commonly a
///   cycle through a closure that captures it); held by a scheduler's pending work, pending
///   scheduled work, unless that work repeats until disposed (an `interval`'s timer, which
///   never ends by itself: retaining); keeping nothing alive, never ended but released; else
///   retaining.
/// - Objects alive at the end get a verdict by the same rule: made by an XCTest case's
///   initializer, held by the test harness; made by top-level code or a global's initializer,
///   global by design (a global `SerialDispatchQueueScheduler` as a global's bag); held by a
///   scheduler's queued work, pending scheduled work; kept alive by open subscriptions, their
///   verdict; else retaining.
public enum LeakRules {
    /// The verdict on an open subscription: `bag` is the bag its `Disposable` went into,
    /// `isGlobalBag` whether that bag is a global's, `pendingWork` the scheduled work still
    /// holding it, and `keptAlive` what it keeps alive.
    public static func verdict(
        bag: BagHold?, isGlobalBag: Bool, pendingWork: PendingWork?, keptAlive: [String]
    ) -> LeakVerdict {
        verdict(bag: bag, isGlobalBag: isGlobalBag, pendingWork: pendingWork, keepsAnythingAlive: !keptAlive.isEmpty)
    }

    /// ``verdict(bag:isGlobalBag:pendingWork:keptAlive:)`` told only whether the subscription
    /// keeps anything alive, all it asks of what it keeps alive.
    static func verdict(
        bag: BagHold?, isGlobalBag: Bool, pendingWork: PendingWork?, keepsAnythingAlive: Bool
    ) -> LeakVerdict {
        if let bag, bag.isAliveAtEnd {
            return isGlobalBag ? .globalByDesign : .retaining
        }
        // Periodic work (an interval's timer) never ends by itself: no pending work, a leak.
        if let pendingWork, pendingWork.isPeriodic != true { return .pendingScheduledWork }
        return keepsAnythingAlive ? .retaining : .neverEndedButReleased
    }

    /// Whether a subscription is still open: it has not ended, and, when the disposable it
    /// returned is not traced, its observer is still alive.
    public static func isOpen(hasEnded: Bool, isDisposableTraced: Bool, isObserverAlive: Bool) -> Bool {
        !hasEnded && (isDisposableTraced || isObserverAlive)
    }

    /// The chain of a subscription: `subscribedThrough` (its elements, in the order its
    /// `subscribe` reached them, downstream first) upstream first, each once, then `observer`
    /// unless it is one of them. ``SubscriptionChain/elements`` applies it to a trace's ids,
    /// RxTesting's leak checks to their books' ids.
    public static func chain<Element: Equatable>(subscribedThrough: [Element], observer: Element?) -> [Element] {
        var chain: [Element] = []
        for label in subscribedThrough.reversed() where !chain.contains(label) {
            chain.append(label)
        }
        if let observer, !chain.contains(observer) {
            chain.append(observer)
        }
        return chain
    }

    /// What a subscription keeps alive: of its chain (`subscribedThrough`, downstream first)
    /// and the objects `created` while its `subscribe` ran, those `aliveLabel` names (it returns
    /// `nil` for an object no longer alive), upstream first, each once.
    public static func keptAlive(
        subscribedThrough: [Int64], created: [Int64], aliveLabel: (Int64) throws -> String?
    ) rethrows -> [String] {
        var alive: [String] = []
        for object in subscribedThrough.reversed() + created {
            guard let label = try aliveLabel(object), !alive.contains(label) else { continue }
            alive.append(label)
        }
        return alive
    }

    /// Whether a DisposeBag alive at the end is a global's, alive until exit by design, from
    /// the function that made it (`makerFunction`, as the symbolizer names the user's frame of
    /// its `init`): top-level code (`main`) or a global's or static's one-time initializer is a
    /// global's; any other function (an `init`, a method) makes an owner's bag, even in a
    /// `main.swift`. Without that function (no symbols, no caller capture), the file decides:
    /// ``isAliveUntilExit(bagMadeAt:)``.
    public static func isGlobalBag(madeBy makerFunction: String?, madeAt assembly: Assembly?) -> Bool {
        guard let function = makerFunction else { return isAliveUntilExit(bagMadeAt: assembly) }
        return isProgramLifetime(madeBy: function)
    }

    /// Whether what `function` made lives as long as the program, by the rule that tells a
    /// global's bag (``isGlobalBag(madeBy:madeAt:)``), for any object: top-level code (`main`)
    /// or a global's or static's one-time initializer made it, so a global holds it.
    public static func isProgramLifetime(madeBy function: String) -> Bool {
        // Top-level code is `main`, or `<module>_main` in a SwiftPM executable with tests.
        let isTopLevelCode =
            !function.contains(".") && !function.contains("(")
            && (function == "main" || function.hasSuffix("_main"))
        return isTopLevelCode || isGlobalInitializer(function)
    }

    /// Whether `function` is a global's or static's one-time initializer: what it makes, a
    /// global holds until the program exits.
    public static func isGlobalInitializer(_ function: String) -> Bool {
        function.hasPrefix("one-time initialization function for ") || function.hasPrefix("globalinit_")
    }

    /// The verdict on objects alive at the end, the same rule as a subscription's
    /// (``verdict(bag:isGlobalBag:pendingWork:keptAlive:)``): made by an XCTest case's
    /// initializer (`isMadeByATestCase`), held by the test harness; made by top-level code or a
    /// global's initializer (`makerFunction`, ``isProgramLifetime(madeBy:)``), global by design;
    /// held by work a scheduler still has queued, pending scheduled work; kept alive by open
    /// subscriptions (`subscriptionVerdicts`), theirs, retaining when any of them is; else
    /// retaining: something of the program still references them.
    public static func verdict(
        ofObjectMadeBy makerFunction: String?, isMadeByATestCase: Bool, pendingWork: PendingWork?,
        keptAliveBy subscriptionVerdicts: [LeakVerdict]
    ) -> LeakVerdict {
        if isMadeByATestCase { return .heldByTestHarness }
        if let makerFunction, isProgramLifetime(madeBy: makerFunction) { return .globalByDesign }
        if let pendingWork {
            return pendingWork.isPeriodic == true ? .retaining : .pendingScheduledWork
        }
        if subscriptionVerdicts.contains(.retaining) { return .retaining }
        return subscriptionVerdicts.first ?? .retaining
    }

    /// Whether an object was made by an XCTest case's initializer (its stored properties):
    /// `frames` are the stack user code made it from; XCTest keeps each test case instance, and
    /// so what it holds, until the process ends (``LeakVerdict/heldByTestHarness``).
    public static func isMadeByATestCase(frames: [CallerFrame]) -> Bool {
        frames.contains { frame in
            guard let function = frame.function else { return false }
            let name = function.hasPrefix("$s") ? Symbolizer.demangled(function) : function
            // XCTest's designated initializers: swift-corelibs-xctest's, and Apple's.
            return name.contains(".init(name: Swift.String, testClosure: ")
                || name.contains(".init(invocation: ") || name.contains(".init(selector: ")
        }
    }

    /// Whether a DisposeBag alive at the end is alive by design, told by the file alone: user
    /// code made it in a `main.swift`, whose top-level variables are globals that live until
    /// the program exits.
    public static func isAliveUntilExit(bagMadeAt assembly: Assembly?) -> Bool {
        guard let assembly, assembly.name == "DisposeBag" else { return false }
        return assembly.file == "main.swift" || assembly.file.hasSuffix("/main.swift")
    }

    /// A chain element's name: `label`, and where user code built it, if it did.
    public static func element(_ label: String, builtBy assembly: Assembly?) -> String {
        guard let assembly, assembly.name != "DisposeBag" else { return label }
        return "\(label) (\(assembly))"
    }

    /// Where an object alive at the end was created: `in the subscribe at App/Main.swift:9`,
    /// or `outside any subscribe`.
    public static func creationPlace(subscribeSite: String?) -> String {
        subscribeSite.map { "in the subscribe at \($0)" } ?? "outside any subscribe"
    }

    /// Objects alive at the end, grouped by type, verdict and holder in order of first
    /// appearance, each group with its ids and the places its objects were created, each once.
    public static func groupLiveObjects(
        _ objects: [(typeName: String, id: Int64, place: String, verdict: LeakVerdict, holder: LiveObjectHolder?)]
    ) -> [LiveObjectGroup] {
        var grouping = LiveObjectGrouping()
        for object in objects {
            grouping.add(
                typeName: object.typeName, id: object.id, place: object.place, verdict: object.verdict,
                holder: object.holder)
        }
        return grouping.groups
    }

    /// Groups objects alive at the end one at a time, as ``groupLiveObjects(_:)`` groups a
    /// list: a report of a million of them holds their ids, not their records.
    public struct LiveObjectGrouping {
        private struct Key: Hashable {
            let typeName: String
            let verdict: LeakVerdict
            let holder: LiveObjectHolder?
        }
        /// The groups so far, in order of first appearance.
        public private(set) var groups: [LiveObjectGroup] = []
        private var indexOfKey: [Key: Int] = [:]
        private var places: [Set<String>] = []

        /// No groups yet.
        public init() {}

        /// Adds object `id` of `typeName`, created at `place`, to the group of its type, verdict
        /// and holder.
        public mutating func add(
            typeName: String, id: Int64, place: String, verdict: LeakVerdict, holder: LiveObjectHolder?
        ) {
            let key = Key(typeName: typeName, verdict: verdict, holder: holder)
            if let index = indexOfKey[key] {
                groups[index].objectIDs.append(id)
                if places[index].insert(place).inserted { groups[index].createdIn.append(place) }
            } else {
                indexOfKey[key] = groups.count
                places.append([place])
                groups.append(
                    LiveObjectGroup(
                        typeName: typeName, objectIDs: [id], createdIn: [place], verdict: verdict, holder: holder))
            }
        }
    }

    /// What makes two open subscriptions the same leak found twice: the same subscribe line,
    /// verdict and chain shape (the chain's elements and inner chains without their ids).
    public static func identityKey(of open: OpenSubscription) -> String {
        var key = open.subscription.site + "\u{1F}" + open.verdict.rawValue
        func append(_ element: String) {
            key += "\u{1F}"
            key += withoutIDs(element)
        }
        for element in open.chain { append(element) }
        for inner in open.innerChains ?? [] {
            append("\(inner.operatorIndex)")
            for element in inner.elements { append(element) }
        }
        return key
    }

    /// `element`'s words, split at spaces, without those that start with `#` (its ids), joined
    /// by one space: an element of ``identityKey(of:)``.
    ///
    /// An ASCII label is cut byte by byte, which is the same as cutting it into characters (no
    /// ASCII byte joins a space or a `#` into a larger character); any other label is cut into
    /// characters, where a combining mark after a space or a `#` makes one character with it.
    static func withoutIDs(_ element: String) -> String {
        let space = UInt8(ascii: " ")
        let hash = UInt8(ascii: "#")
        let cut: [UInt8]? =
            element.utf8.withContiguousStorageIfAvailable { bytes in
                guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
                var result: [UInt8] = []
                result.reserveCapacity(bytes.count)
                var start = 0
                while start < bytes.count {
                    guard bytes[start] != space else {
                        start += 1
                        continue
                    }
                    var end = start
                    while end < bytes.count && bytes[end] != space { end += 1 }
                    if bytes[start] != hash {
                        if !result.isEmpty { result.append(space) }
                        result += bytes[start..<end]
                    }
                    start = end
                }
                return result
            } ?? nil
        guard let result = cut else {
            return element.split(separator: " ").filter { !$0.hasPrefix("#") }.joined(separator: " ")
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The open subscriptions that keep each object alive, by object: those whose `keptAlive`
    /// (object ids) hold it, and those whose bag it is.
    public static func keepers(
        of subscriptions: [(id: Int64, keptAlive: [Int64], bag: Int64?)]
    ) -> [Int64: [Int64]] {
        var keepers: [Int64: [Int64]] = [:]
        for subscription in subscriptions {
            addKeeper(subscription, to: &keepers)
        }
        return keepers
    }

    /// Adds one open subscription to `keepers`, as ``keepers(of:)`` adds each: a report of
    /// many builds the table as it finds them, without a list of them all.
    public static func addKeeper(
        _ subscription: (id: Int64, keptAlive: [Int64], bag: Int64?), to keepers: inout [Int64: [Int64]]
    ) {
        for object in Set(subscription.keptAlive + (subscription.bag.map { [$0] } ?? [])) {
            keepers[object, default: []].append(subscription.id)
        }
    }

    /// The tags of a chain (its elements' `tags`, upstream first), each once.
    public static func chainTags(subscribedThrough: [Int64], tags: (Int64) throws -> [String]) rethrows -> [String] {
        var chainTags: [String] = []
        for object in subscribedThrough.reversed() {
            for tag in try tags(object) where !chainTags.contains(tag) { chainTags.append(tag) }
        }
        return chainTags
    }
}
