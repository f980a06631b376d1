import Foundation

/// One thing that differs between two traces of the same program.
public struct TraceDifference: Codable, Equatable, Sendable {
    /// What kind of thing differs.
    public enum Section: String, Codable, Sendable {
        /// A user subscription: its chain and how it ended.
        case subscription
        /// A call flow: the steps under one top-level call.
        case flow
        /// A subscription that never ended, or objects alive at the end.
        case leak
    }

    /// How it differs.
    public enum Change: String, Codable, Sendable {
        /// Only the second trace (B, after) has it.
        case appeared
        /// Only the first trace (A, before) has it.
        case disappeared
        /// Both have it, in a different shape or number.
        case changed
    }

    /// What kind of thing differs.
    public var section: Section
    /// How it differs.
    public var change: Change
    /// What matched the two: the subscribe call site, the flow's title, the leak's site or type.
    public var key: String
    /// How it was in A, one line each; empty when A does not have it.
    public var before: [String]
    /// How it is in B, one line each; empty when B does not have it.
    public var after: [String]

    /// A difference with every field given.
    public init(section: Section, change: Change, key: String, before: [String], after: [String]) {
        self.section = section
        self.change = change
        self.key = key
        self.before = before
        self.after = after
    }

    /// Whether this is a leak B has and A had not.
    public var isNewLeak: Bool { section == .leak && change == .appeared }
}

/// What differs between two traces of the same program, before (A) and after (B) a change.
public struct TraceDiff: Codable, Equatable, Sendable {
    /// The first trace's path.
    public var before: String
    /// The second trace's path.
    public var after: String
    /// The differences: subscriptions, then flows, then leaks.
    public var differences: [TraceDifference]

    /// The leaks B has and A had not.
    public var newLeaks: [TraceDifference] { differences.filter(\.isNewLeak) }

    /// The new leaks in one line: `subscription at App/Main.swift:7 never ended; 2 × MapSink<…>
    /// alive at the end`.
    public var newLeaksSummary: String {
        newLeaks.map { leak in
            if leak.key.hasPrefix("subscription at ") { return "\(leak.key) never ended" }
            let count = leak.after.first.flatMap { $0.hasSuffix(" ×") ? $0 + " " : nil } ?? ""
            return "\(count)\(leak.key) alive at the end"
        }.joined(separator: "; ")
    }
}

/// Compares two traces of the same program, matching what they hold by where the user's code
/// made it and by the chain's shape, never by ids (which shift as soon as one more object is
/// made):
///
/// - a subscription by its subscribe `file:line`, with its chain (each element's type and where
///   it was assembled) and how it ended as its shape;
/// - a flow by its title (the user's line, or the step) with its steps, ids and element values
///   left out, as its shape;
/// - a leak by the subscribe line and chain of a subscription that never ended, or by the type
///   of objects alive at the end, counted.
///
/// Things with the same key are matched shape for shape; what is left over on both sides is
/// "changed", what is left on one side only "appeared" or "disappeared". Flows are read one at
/// a time and only their distinct shapes are kept, so large traces compare in memory in
/// proportion to how varied they are, not to their size. The two traces are read side by side,
/// each on its own thread through its own reader (``TraceShapes``).
public struct TraceDiffer {
    private let before: TraceReader
    private let after: TraceReader

    /// A differ comparing `before` (A) with `after` (B).
    public init(before: TraceReader, after: TraceReader) {
        self.before = before
        self.after = after
    }

    /// The differences between the two traces.
    public func diff() throws -> TraceDiff {
        // Each trace read on its own thread (``TraceShapes/read(before:after:)``).
        let shapes = try TraceShapes.read(before: before, after: after)
        return TraceDiff(
            before: before.path, after: after.path, differences: Self.differences(shapes.before, shapes.after))
    }

    /// What differs between the shapes of A (`before`) and B (`after`): subscriptions, then
    /// flows, then leaks.
    static func differences(_ before: TraceShapes, _ after: TraceShapes) -> [TraceDifference] {
        compare(.subscription, before: before.subscriptions, after: after.subscriptions)
            + compare(.flow, before: before.flows, after: after.flows)
            + compare(.leak, before: before.leaks, after: after.leaks)
    }

    /// Shapes by key, each with how many times it occurred, in order of first occurrence.
    ///
    /// A shape is known by its fingerprint (a hash of all its lines, taken as they are read),
    /// and keeps only its first ``displayedLines`` lines for display: comparing two traces of
    /// many or huge flows holds one short shape per distinct flow, never every step of every flow.
    struct Shapes {
        /// How many lines of a shape a difference shows at most; a longer shape shows these and
        /// says how many more it has.
        static let displayedLines = 1_000

        var keys: [String] = []
        var counts: [String: [Entry]] = [:]
        /// One distinct shape of a key: its lines as shown, how many times it occurred, and its
        /// fingerprint.
        typealias Entry = (shape: [String], count: Int, fingerprint: ShapeFingerprint)

        /// Per key, the index in `counts[key]` of each shape's fingerprint.
        private var indices: [String: [ShapeFingerprint: Int]] = [:]

        mutating func add(_ shape: [String], for key: String) {
            var fingerprint = ShapeFingerprint.Builder()
            for line in shape { fingerprint.add(line) }
            add(fingerprint.fingerprint, displaying: shape, for: key)
        }

        /// Counts one occurrence of the shape known by `fingerprint`, shown as `lines` (kept
        /// only when the shape is new).
        mutating func add(
            _ fingerprint: ShapeFingerprint, displaying lines: @autoclosure () -> [String], for key: String
        ) {
            if counts[key] == nil { keys.append(key) }
            if let index = indices[key]?[fingerprint] {
                counts[key]![index].count += 1
            } else {
                indices[key, default: [:]][fingerprint] = counts[key, default: []].count
                counts[key, default: []].append((lines(), 1, fingerprint))
            }
        }
    }

    /// Matches the shapes of each key; what is left over differs.
    static func compare(_ section: TraceDifference.Section, before: Shapes, after: Shapes) -> [TraceDifference] {
        var differences: [TraceDifference] = []
        let keys = before.keys + after.keys.filter { before.counts[$0] == nil }
        for key in keys {
            var left = before.counts[key] ?? []
            var right = after.counts[key] ?? []
            // Matched shape for shape; a shape both have a different number of times is a change
            // of number, kept apart from changes of shape.
            var countChanges: [TraceDifference] = []
            // Each side's shapes are distinct (``Shapes`` counts repeats), so a shape is matched
            // through a table, not by scanning the other side.
            var rightIndex: [ShapeFingerprint: Int] = [:]
            for (index, entry) in right.enumerated() { rightIndex[entry.fingerprint] = index }
            for (index, entry) in left.enumerated() {
                guard let match = rightIndex[entry.fingerprint] else { continue }
                let common = min(entry.count, right[match].count)
                if section == .flow, entry.count != right[match].count {
                    countChanges.append(
                        TraceDifference(
                            section: section, change: .changed, key: key,
                            before: ["\(entry.count) ×"] + entry.shape, after: ["\(right[match].count) ×"] + entry.shape
                        ))
                    left[index].count = 0
                    right[match].count = 0
                } else {
                    left[index].count -= common
                    right[match].count -= common
                }
            }
            var leftOver = left.filter { $0.count > 0 }
            var rightOver = right.filter { $0.count > 0 }
            differences += countChanges
            // What is left on both sides changed shape, one for one; leaks are never paired: one
            // more is a new leak and one less a fixed one, whatever else changed.
            while section != .leak, !leftOver.isEmpty, !rightOver.isEmpty {
                differences.append(
                    TraceDifference(
                        section: section, change: .changed, key: key, before: leftOver[0].shape,
                        after: rightOver[0].shape
                    ))
                leftOver[0].count -= 1
                rightOver[0].count -= 1
                leftOver.removeAll { $0.count == 0 }
                rightOver.removeAll { $0.count == 0 }
            }
            func counted(_ entry: Shapes.Entry) -> [String] {
                entry.count > 1 ? ["\(entry.count) ×"] + entry.shape : entry.shape
            }
            for entry in leftOver {
                differences.append(
                    TraceDifference(
                        section: section, change: .disappeared, key: key, before: counted(entry), after: []
                    ))
            }
            for entry in rightOver {
                differences.append(
                    TraceDifference(
                        section: section, change: .appeared, key: key, before: [], after: counted(entry)
                    ))
            }
        }
        return differences
    }

    /// Each subscription by its subscribe site: its chain from the source to the observer, and
    /// how it ended.
    static func subscriptionShapes(_ reader: TraceReader) throws -> Shapes {
        var shapes = Shapes()
        // The chains a window of subscriptions at a time, and of each only its links
        // (``TraceReader/chainLinks(under:limit:steps:)``) and their objects: a few queries per
        // window, and none of the calls or objects a chain's shape does not show.
        var window: [SubscriptionRecord] = []
        let steps = TraceReader.ChainStepKinds()
        func addWindow() throws {
            let limit = FlowBuilder.defaultCallLimit
            let links = try reader.chainLinks(under: window.compactMap(\.callID), limit: limit, steps: steps)
            var chains: [SubscriptionChain] = []
            for subscription in window {
                // Trees too large for one window's query are read one at a time.
                let subscribedThrough =
                    try subscription.callID.map { call in
                        try links.map { $0[call] ?? [] }
                            ?? reader.callTree(under: call, limit: limit).filter {
                                SubscriptionChain.isLink(stepName: $0.name)
                            }.compactMap(\.objectID)
                    } ?? []
                chains.append(
                    SubscriptionChain(
                        observable: subscription.observableObjectID, subscribedThrough: subscribedThrough,
                        observer: subscription.observerObjectID, created: []
                    ))
            }
            let objects = try reader.objects(withIDs: Set(chains.flatMap(\.elements)))
            for (subscription, chain) in zip(window, chains) {
                shapes.add(
                    [
                        Self.chain(of: chain, objects: objects).joined(separator: " → "),
                        subscription.endKind.map { "ended: " + $0.rawValue } ?? "never ended",
                    ],
                    for: "subscribe at \(subscription.site)"
                )
            }
            window.removeAll()
        }
        // Read in place (``TraceReader/forEachSubscriptionInPlace(_:_:_:)``), not a `Row` of each.
        try reader.forEachSubscriptionInPlace(TraceReader.subscriptionQuery + " ORDER BY subscription.id") {
            subscription in
            window.append(subscription)
            if window.count >= ChainWindows.windowSize { try addWindow() }
        }
        try addWindow()
        return shapes
    }

    /// The chain of a subscription without ids: each observable it subscribed through, source
    /// first, with where it was assembled, then the observer; `objects` holds the chain's
    /// objects by id.
    static func chain(of links: SubscriptionChain, objects: [Int64: ObjectRecord]) -> [String] {
        var chain: [String] = []
        for objectID in links.elements {
            guard let object = objects[objectID] else { continue }
            if links.subscribedThrough.contains(objectID) {
                chain.append(TypeNames.short(object.typeName) + (object.assembly.map { " (\($0))" } ?? ""))
            } else {
                chain.append(TypeNames.short(object.typeName))
            }
        }
        return chain
    }

    /// Each flow by its title, as its steps without ids or element values.
    ///
    /// A flow that repeats the last flow of its title takes that flow's fingerprint from what
    /// its window read, without being laid out (``RepeatedFlowShapes``); any other is laid out,
    /// and its lines only hashed as they are made, each written into one reused buffer; the
    /// lines a difference shows are made again only for a shape seen for the first time: most
    /// flows of a large trace repeat a shape, and making and keeping the lines of each was
    /// about a sixth of `rxtrace diff` (`perf record -g`).
    static func flowShapes(_ reader: TraceReader) throws -> Shapes {
        var shapes = Shapes()
        var labels = LabelsWithoutIDs()
        var repeated = RepeatedFlowShapes()
        var line: [UInt8] = []
        _ = try FlowBuilder(reader: reader).forEachFlowToLayOut(limit: nil, tag: nil, foldingBookkeeping: false) {
            toLayOut in
            let title = labels.strip(toLayOut.heading.title)
            // Laid out only when it does not repeat the last flow of its title, or shows a new shape.
            var laidOut: Flow?
            func flow() -> Flow {
                if let laidOut { return laidOut }
                let flow = toLayOut.laidOut()
                laidOut = flow
                return flow
            }
            let fingerprint = repeated.fingerprint(of: toLayOut, title: title) {
                let flow = flow()
                var fingerprint = ShapeFingerprint.Builder()
                // Each step read in place, its line written as bytes.
                for index in flow.steps.indices {
                    line.removeAll(keepingCapacity: true)
                    line.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * flow.steps[index].depth))
                    line.append(contentsOf: labels.strip(flow.steps[index].label).utf8)
                    if let location = flow.steps[index].location {
                        line.append(UInt8(ascii: " "))
                        line.append(UInt8(ascii: " "))
                        line.append(contentsOf: location.utf8)
                    }
                    line.withUnsafeBufferPointer { fingerprint.add(utf8: $0) }
                }
                if let omitted = flow.omittedCalls {
                    fingerprint.add(omittedCallsLine(omitted))
                }
                return fingerprint.fingerprint
            }
            shapes.add(fingerprint, displaying: shownShape(of: flow()), for: title)
        }
        return shapes
    }

    /// A step's line in a flow's shape: indented two spaces a level, its label without ids or
    /// values (`strippedLabel`), two spaces and its location when it has one (as
    /// ``flowShapes(_:)`` writes it in bytes).
    private static func appendShapeLine(of step: FlowStep, strippedLabel: String, to line: inout String) {
        for _ in 0..<step.depth { line += "  " }
        line += strippedLabel
        if let location = step.location {
            line += "  "
            line += location
        }
    }

    /// The line that stands for a flow's calls left out (``Flow/omittedCalls``).
    private static func omittedCallsLine(_ count: Int) -> String {
        "… \(count) more calls"
    }

    /// The lines a difference shows of `flow`'s shape: its first ``Shapes/displayedLines``
    /// lines, then the calls it leaves out or how many more steps it has.
    private static func shownShape(of flow: Flow) -> [String] {
        var shown: [String] = []
        for step in flow.steps.prefix(Shapes.displayedLines) {
            var line = ""
            appendShapeLine(of: step, strippedLabel: withoutIDs(step.label), to: &line)
            shown.append(line)
        }
        if let omitted = flow.omittedCalls {
            shown.append(omittedCallsLine(omitted))
        } else if flow.steps.count > Shapes.displayedLines {
            shown.append("… \(flow.steps.count - Shapes.displayedLines) more steps")
        }
        return shown
    }

    /// Each leak: a subscription that never ended by its site and chain, and each object alive
    /// at the end whose verdict is a leak's by its type.
    static func leakShapes(_ reader: TraceReader) throws -> Shapes {
        var shapes = Shapes()
        // Each finding counted as it is found, none held.
        _ = try LeakFinder(reader: reader).findLeaks(scope: nil) { open, _ in
            shapes.add(
                ["never ended: " + open.chain.map(withoutIDs).joined(separator: " → ")],
                for: "subscription at \(open.subscription.site)"
            )
        } liveObject: { group in
            guard group.verdict.isLeak else { return }
            for _ in group.objectIDs {
                shapes.add(["alive at the end"], for: TypeNames.short(group.typeName))
            }
        }
        return shapes
    }

    /// `label` without object ids (` #12`) and element values (`.next(3)` becomes `.next`).
    static func withoutIDs(_ label: String) -> String {
        var text = withoutObjectNumbers(label)
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return withoutValues(ascii: text) }
        for kind in ["next", "error"] {
            // The value runs to the detail's closing `))`, before the object's ` [...]` if any.
            guard let start = text.range(of: "(.\(kind)(") else { continue }
            let rest = text[start.upperBound...]
            let end = rest.range(of: ")) [", options: .backwards) ?? rest.range(of: "))", options: .backwards)
            guard let end else { continue }
            text.replaceSubrange(start.lowerBound..<text.index(end.lowerBound, offsetBy: 2), with: "(.\(kind))")
        }
        return text
    }

    /// ``withoutIDs(_:)``'s second half for an ASCII `text`, whose bytes are its characters:
    /// the same searches done on its bytes, without Foundation's string search, which a diff
    /// of millions of steps spent much of its time in.
    private static func withoutValues(ascii text: String) -> String {
        var bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "(")) else { return text }
        func first(_ needle: String, from start: Int) -> Int? {
            let needle = Array(needle.utf8)
            guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
            return (start...(bytes.count - needle.count)).first {
                bytes[$0..<($0 + needle.count)].elementsEqual(needle)
            }
        }
        func last(_ needle: String, from start: Int) -> Int? {
            let needle = Array(needle.utf8)
            guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
            return (start...(bytes.count - needle.count)).reversed().first {
                bytes[$0..<($0 + needle.count)].elementsEqual(needle)
            }
        }
        var isChanged = false
        for kind in ["next", "error"] {
            // The value runs to the detail's closing `))`, before the object's ` [...]` if any.
            let opening = "(.\(kind)("
            guard let start = first(opening, from: 0) else { continue }
            let rest = start + opening.utf8.count
            guard let end = last(")) [", from: rest) ?? last("))", from: rest) else { continue }
            bytes.replaceSubrange(start..<(end + 2), with: Array("(.\(kind))".utf8))
            isChanged = true
        }
        return isChanged ? String(decoding: bytes, as: UTF8.self) : text
    }

    /// `label` without each ` #` followed by digits: one pass over its bytes, no regular
    /// expression (a diff strips every step of every flow).
    static func withoutObjectNumbers(_ label: String) -> String {
        let bytes = Array(label.utf8)
        guard bytes.contains(UInt8(ascii: "#")) else { return label }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: " "), index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "#"),
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + 2])
            {
                index += 2
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                continue
            }
            kept.append(bytes[index])
            index += 1
        }
        return String(decoding: kept, as: UTF8.self)
    }
}
