import Foundation

/// Prints a ``TraceDiff``: for people, each difference marked `+` (only in B), `-` (only in
/// A) or `~` (changed), grouped by section; a change shows its lines merged, those only in A
/// marked `A` and those only in B marked `B`; for scripts, as JSON
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
                + "+ only in B · - only in A · ~ changed (A: the line before, B: after)"
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
            lines += ["", "New leaks in B: " + diff.newLeaksSummary]
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
            let changes = Self.lineDiff(difference.before, difference.after).map { tag, line in
                "    \(tag)  \(line)"
            }
            lines += changes.prefix(2 * Self.shapeLineLimit)
            if changes.count > 2 * Self.shapeLineLimit {
                lines.append("       … \(changes.count - 2 * Self.shapeLineLimit) more lines")
            }
        }
        return lines
    }

    /// The lines of `before` and `after` merged along their longest common subsequence: common
    /// lines tagged with a space, lines only in A with `A`, lines only in B with `B`. Shapes
    /// longer than 2,000 lines together are shown whole, A then B, rather than compared.
    static func lineDiff(_ before: [String], _ after: [String]) -> [(tag: String, line: String)] {
        guard before.count + after.count <= 2000 else {
            return before.map { ("A", $0) } + after.map { ("B", $0) }
        }
        // common[i][j]: the length of the longest common subsequence of before[i...], after[j...].
        var common = Array(repeating: Array(repeating: 0, count: after.count + 1), count: before.count + 1)
        for i in stride(from: before.count - 1, through: 0, by: -1) {
            for j in stride(from: after.count - 1, through: 0, by: -1) {
                common[i][j] =
                    before[i] == after[j]
                    ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var merged: [(tag: String, line: String)] = []
        var i = 0
        var j = 0
        while i < before.count || j < after.count {
            if i < before.count, j < after.count, before[i] == after[j] {
                merged.append((" ", before[i]))
                i += 1
                j += 1
            } else if j == after.count || (i < before.count && common[i + 1][j] >= common[i][j + 1]) {
                merged.append(("A", before[i]))
                i += 1
            } else {
                merged.append(("B", after[j]))
                j += 1
            }
        }
        return merged
    }

    private func shape(_ lines: [String], prefix: String) -> [String] {
        let shown = lines.prefix(Self.shapeLineLimit).map { prefix + $0 }
        let more = lines.count - shown.count
        let blank = String(repeating: " ", count: prefix.count)
        return shown + (more > 0 ? [blank + "… \(more) more lines"] : [])
    }

    /// The diff as pretty-printed JSON with sorted keys, ending with a newline.
    public func renderJSON(_ diff: TraceDiff) throws -> String {
        String(decoding: try JSONText.encoder().encode(diff), as: UTF8.self) + "\n"
    }
}
