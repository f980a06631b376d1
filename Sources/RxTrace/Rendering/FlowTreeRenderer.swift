/// Prints call flows as trees, one step per line, each with the file:line of its code.
///
/// Labels, titles and locations come from the trace and are printed through
/// ``TerminalText/escaped(_:)``.
///
///     Flow 2 · subscribe(_:) at RxExamples/EmptyExample.swift:20 · subscription #1 · thread main
///     └─ subscribe(_:)                              RxCore/ObservableType+Extensions.swift:15
///        ├─ init AnonymousObserver<Int> #2
///        └─ subscribeSafe [EmptyProducer<Int> #1]   RxCore/ObservableType+Extensions.swift:124
///
/// It walks a flow's flat steps in one loop, never recursing; past
/// ``maximumDrawnDepth`` levels the tree stops indenting and each line says its depth, so a
/// flow thousands of calls deep prints in lines of bounded width.
public struct FlowTreeRenderer {
    /// Where the location column starts at most; longer steps push their location right.
    public static let maximumLabelWidth = 76
    /// How many levels are drawn as indentation; deeper steps are drawn at this level with
    /// `[depth N]` before their label.
    public static let maximumDrawnDepth = 40

    /// A renderer.
    public init() {}

    /// `Call flows`, then each flow, separated by blank lines.
    public func render(_ flows: [Flow]) -> String {
        guard !flows.isEmpty else { return "Call flows\n\nNo calls were recorded." }
        return (["Call flows"] + flows.map(render)).joined(separator: "\n\n")
    }

    /// One flow: its heading and its tree.
    public func render(_ flow: Flow) -> String {
        var heading = "Flow \(flow.number) · \(TerminalText.escaped(flow.title))"
        if let subscription = flow.subscriptionID {
            heading += " · subscription #\(subscription)"
        }
        if let ended = flow.endsSubscriptions {
            heading +=
                " · ends " + (ended.count == 1 ? "subscription" : "subscriptions") + " "
                + ended.map { "#\($0)" }.joined(separator: ", ")
        }
        for tag in flow.tags ?? [] {
            heading += " · tagged \"\(TerminalText.escaped(tag))\""
        }
        heading += " · thread \(TerminalText.escaped(flow.threadName))"
        if let hop = flow.scheduledIn {
            heading += " · scheduled in Flow \(hop.flowNumber) (thread \(TerminalText.escaped(hop.threadName)))"
        }

        let isLast = Self.lastChildFlags(flow.steps)
        // Whether the ancestor at each drawn level was the last of its siblings: its column
        // then stays blank below it.
        var ancestorIsLast: [Bool] = []
        var lines: [(text: String, location: String?)] = []
        lines.reserveCapacity(flow.steps.count)
        for (index, step) in flow.steps.enumerated() {
            let drawnDepth = min(step.depth, Self.maximumDrawnDepth)
            if ancestorIsLast.count > drawnDepth {
                ancestorIsLast.removeLast(ancestorIsLast.count - drawnDepth)
            }
            var text = ""
            for last in ancestorIsLast {
                text += last ? "   " : "│  "
            }
            // Levels deeper than drawn (only past maximumDrawnDepth) are left out of the prefix.
            text += isLast[index] ? "└─ " : "├─ "
            if step.depth > Self.maximumDrawnDepth {
                text += "[depth \(step.depth)] "
            }
            text += TerminalText.escaped(step.label)
            if let runsIn = step.runsIn {
                text += " → runs in " + Self.describe(runsIn)
            }
            lines.append((text, step.location.map(TerminalText.escaped)))
            if step.depth < Self.maximumDrawnDepth {
                while ancestorIsLast.count < step.depth { ancestorIsLast.append(false) }
                ancestorIsLast.append(isLast[index])
            }
        }

        let width = min(Self.maximumLabelWidth, lines.map(\.text.count).max() ?? 0)
        let body = lines.map { line in
            guard let location = line.location else { return line.text }
            return line.text.rightPadded(to: width) + "  " + location
        }
        var text = ([heading] + body).joined(separator: "\n")
        if let omitted = flow.omittedCalls, let root = flow.root.callID {
            text += "\n" + Self.omittedCallsNote(omitted, root: root)
        }
        return text
    }

    /// The line closing a flow cut at ``FlowBuilder/callLimit``: how many calls it leaves out,
    /// and the query that lists them.
    static func omittedCallsNote(_ count: Int, root: Int64) -> String {
        "… \(count) more \(count == 1 ? "call" : "calls") of this flow not shown (and the objects they created): "
            + "rxtrace query TRACE \"\(TraceReader.callTreeQuery(under: root))\""
    }

    /// For each step, whether it is the last child of its parent: no later step at its depth
    /// comes before one shallower than it. One backward pass.
    static func lastChildFlags(_ steps: [FlowStep]) -> [Bool] {
        var flags = [Bool](repeating: true, count: steps.count)
        // seenLater[d]: a step at depth d follows, with no shallower step in between.
        var seenLater: [Bool] = []
        for index in steps.indices.reversed() {
            let depth = steps[index].depth
            if seenLater.count > depth + 1 {
                seenLater.removeLast(seenLater.count - depth - 1)
            }
            while seenLater.count < depth + 1 { seenLater.append(false) }
            flags[index] = !seenLater[depth]
            seenLater[depth] = true
        }
        return flags
    }

    /// `Flow 4 (thread T1)`, `Flows 4, 5 and 6 (thread T1)`: where a work item ran.
    static func describe(_ hops: [FlowHop]) -> String {
        let numbers = hops.map { String($0.flowNumber) }
        let list =
            numbers.count == 1
            ? "Flow " + numbers[0]
            : "Flows " + numbers.dropLast().joined(separator: ", ") + " and " + numbers[numbers.count - 1]
        let threads = Array(Set(hops.map(\.threadName))).sorted().map(TerminalText.escaped)
        return list + " (thread" + (threads.count == 1 ? " " : "s ") + threads.joined(separator: ", ") + ")"
    }
}
