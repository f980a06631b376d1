import Foundation

/// Prints a ``TraceDiff``: for people, each difference marked `+` (only in B), `-` (only in
/// A) or `~` (changed), with how it was and how it is, grouped by section; for scripts, as JSON
/// with sorted keys. Text from the traces is printed through ``TerminalText/escaped(_:)``.
public struct TraceDiffRenderer {
    /// A renderer.
    public init() {}

    /// The most lines of one flow's shape shown; the rest are counted.
    static let shapeLineLimit = 24

    /// The diff as text, ending with a newline.
    public func render(_ diff: TraceDiff) -> String {
        var lines = ["Comparing \(diff.before) (A, before) with \(diff.after) (B, after)", ""]
        guard !diff.differences.isEmpty else {
            lines.append("No differences: the same subscriptions, flows and leaks, matched by call site and chain.")
            return lines.map(TerminalText.escaped).joined(separator: "\n") + "\n"
        }
        lines.append(
            "\(diff.differences.count) difference\(diff.differences.count == 1 ? "" : "s") · "
                + "+ only in B · - only in A · ~ changed"
        )
        let sections: [(TraceDifference.Section, String)] = [
            (.subscription, "Subscriptions"), (.flow, "Flows"), (.leak, "Leaks"),
        ]
        for (section, title) in sections {
            let differences = diff.differences.filter { $0.section == section }
            guard !differences.isEmpty else { continue }
            lines += ["", title]
            for difference in differences {
                lines += render(difference)
            }
        }
        let newLeaks = diff.newLeaks
        if !newLeaks.isEmpty {
            lines += ["", "New leaks in B: " + newLeaks.map { "\($0.key) (\($0.after.joined(separator: " "))" + ")" }
                .joined(separator: "; ")]
        }
        return lines.map(TerminalText.escaped).joined(separator: "\n") + "\n"
    }

    private func render(_ difference: TraceDifference) -> [String] {
        var lines: [String] = []
        switch difference.change {
        case .appeared:
            lines.append("+ \(difference.key)")
            lines += shape(difference.after, prefix: "    ")
        case .disappeared:
            lines.append("- \(difference.key)")
            lines += shape(difference.before, prefix: "    ")
        case .changed:
            lines.append("~ \(difference.key)")
            lines += shape(difference.before, prefix: "    A  ")
            lines += shape(difference.after, prefix: "    B  ")
        }
        return lines
    }

    private func shape(_ lines: [String], prefix: String) -> [String] {
        let shown = lines.prefix(Self.shapeLineLimit).map { prefix + $0 }
        let more = lines.count - shown.count
        let blank = String(repeating: " ", count: prefix.count)
        return shown + (more > 0 ? [blank + "… \(more) more lines"] : [])
    }

    /// The diff as pretty-printed JSON with sorted keys, ending with a newline.
    public func renderJSON(_ diff: TraceDiff) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(diff), as: UTF8.self) + "\n"
    }
}
