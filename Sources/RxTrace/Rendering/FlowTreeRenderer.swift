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
        // The columns `ancestorIsLast` draws, kept as it changes rather than drawn again for
        // every line: each is three characters, blank or a vertical line.
        var ancestorColumns: [UInt8] = []
        // The lines' texts (tree and label) one after another, written as bytes into one
        // buffer, not as a string each (a quarter of `report --all` went to those strings).
        var texts: [UInt8] = []
        texts.reserveCapacity(flow.steps.count * 64)
        // Each line as where its text ends in `texts`, its width in characters, and whether
        // its step has a location (written from the step when the line is).
        var lines: [(end: Int, width: Int, hasLocation: Bool)] = []
        lines.reserveCapacity(flow.steps.count)
        // Each step read in place: copying one retained and released each of its texts.
        for index in flow.steps.indices {
            let depth = flow.steps[index].depth
            let drawnDepth = min(depth, Self.maximumDrawnDepth)
            while ancestorIsLast.count > drawnDepth {
                ancestorColumns.removeLast(Self.column(isLast: ancestorIsLast.removeLast()).count)
            }
            let lineStart = texts.count
            texts.append(contentsOf: ancestorColumns)
            // Levels deeper than drawn (only past maximumDrawnDepth) are left out of the prefix.
            texts.append(contentsOf: isLast[index] ? Self.lastBranch : Self.branch)
            // The tree's characters are one character each and end with a space, so a label
            // of plain characters adds their count; any other line is counted whole.
            let treeWidth = 3 * ancestorIsLast.count + 3
            let labelStart = texts.count
            if depth > Self.maximumDrawnDepth {
                texts.append(contentsOf: "[depth \(depth)] ".utf8)
            }
            TerminalText.appendEscaped(flow.steps[index].label, to: &texts)
            if let runsIn = flow.steps[index].runsIn {
                texts.append(contentsOf: (" → runs in " + Self.describe(runsIn)).utf8)
            }
            let width =
                Self.plainWidth(texts[labelStart...]).map { treeWidth + $0 }
                ?? String(decoding: texts[lineStart...], as: UTF8.self).count
            lines.append((texts.count, width, flow.steps[index].location != nil))
            if depth < Self.maximumDrawnDepth {
                while ancestorIsLast.count < depth {
                    ancestorIsLast.append(false)
                    ancestorColumns.append(contentsOf: Self.column(isLast: false))
                }
                ancestorIsLast.append(isLast[index])
                ancestorColumns.append(contentsOf: Self.column(isLast: isLast[index]))
            }
        }

        let width = min(Self.maximumLabelWidth, lines.map(\.width).max() ?? 0)
        var bytes = Array(heading.utf8)
        bytes.reserveCapacity(bytes.count + texts.count + lines.count * (width + 48))
        var lineStart = 0
        for (index, line) in lines.enumerated() {
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: texts[lineStart..<line.end])
            lineStart = line.end
            guard line.hasLocation, let location = flow.steps[index].location else { continue }
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(0, width - line.width) + 2))
            TerminalText.appendEscaped(location, to: &bytes)
        }
        var text = String(decoding: bytes, as: UTF8.self)
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

    /// How many characters the UTF-8 `text` (a label, escaped) holds when it is plain text
    /// (``PlainText``); `nil` for any other text, whose characters only `String` counts rightly.
    static func plainWidth(_ text: ArraySlice<UInt8>) -> Int? {
        text.withUnsafeBufferPointer(PlainText.characterCount)
    }

    /// The branch before a step that has later siblings, and before the last one.
    private static let branch = Array("├─ ".utf8)
    private static let lastBranch = Array("└─ ".utf8)

    /// The column an ancestor draws below itself: blank when it was the last of its siblings,
    /// a vertical line otherwise.
    private static func column(isLast: Bool) -> [UInt8] {
        isLast ? blankColumn : lineColumn
    }
    private static let blankColumn = Array("   ".utf8)
    private static let lineColumn = Array("│  ".utf8)

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
