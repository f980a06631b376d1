/// Prints call flows as trees, one step per line, each with the file:line of its code.
///
/// Labels, titles and locations come from the trace and are printed through
/// ``TerminalText/escaped(_:)``.
///
///     Flow 2 · subscribe(_:) at RxExamples/EmptyExample.swift:20 · subscription #1 · thread main
///     └─ subscribe(_:)                              RxCore/ObservableType+Extensions.swift:15
///        ├─ init AnonymousObserver<Int> #2
///        └─ subscribeSafe [EmptyProducer<Int> #1]   RxCore/ObservableType+Extensions.swift:124
public struct FlowTreeRenderer {
    /// Where the location column starts at most; longer steps push their location right.
    public static let maximumLabelWidth = 76

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
        heading += " · thread \(TerminalText.escaped(flow.threadName))"

        var lines: [(text: String, location: String?)] = []
        func walk(_ node: FlowNode, prefix: String, isLast: Bool) {
            lines.append((
                prefix + (isLast ? "└─ " : "├─ ") + TerminalText.escaped(node.label), node.location.map(TerminalText.escaped)
            ))
            let childPrefix = prefix + (isLast ? "   " : "│  ")
            for (index, child) in node.children.enumerated() {
                walk(child, prefix: childPrefix, isLast: index == node.children.count - 1)
            }
        }
        walk(flow.root, prefix: "", isLast: true)

        let width = min(Self.maximumLabelWidth, lines.map(\.text.count).max() ?? 0)
        let body = lines.map { line in
            guard let location = line.location else { return line.text }
            return line.text.rightPadded(to: width) + "  " + location
        }
        return ([heading] + body).joined(separator: "\n")
    }
}
