import Foundation

/// Checks a Mermaid sequence diagram against the basics of its grammar and returns every
/// violation: the first line is `sequenceDiagram`; every other line is a `%%` comment, a
/// participant declaration (`participant ID` or `participant ID as ALIAS`), a message
/// `A->>B: text` (or another arrow) between declared participants, a `Note` over or beside
/// declared participants, or `activate`/`deactivate` of a declared participant, balanced; and
/// no text holds `;`, `#`, `<`, `>` or `%` except as an entity code (`#35;`).
enum MermaidGrammar {
    private static let identifier = "[A-Za-z_][A-Za-z0-9_]*"
    private static let participant = try! NSRegularExpression(pattern: "^participant (\(identifier))( as (.+))?$")
    private static let message = try! NSRegularExpression(
        pattern: "^(\(identifier))(-->>|->>|-->|->|--x|-x|--\\)|-\\))([+-]?)(\(identifier)): (.*)$"
    )
    private static let note = try! NSRegularExpression(
        pattern: "^Note (over|left of|right of) (\(identifier))(, ?(\(identifier)))?: (.+)$"
    )
    private static let activation = try! NSRegularExpression(pattern: "^(activate|deactivate) (\(identifier))$")

    private static func groups(_ regex: NSRegularExpression, _ line: String) -> [String?]? {
        let range = NSRange(line.startIndex..., in: line)
        guard let match = regex.firstMatch(in: line, range: range) else { return nil }
        return (0..<match.numberOfRanges).map { index in
            Range(match.range(at: index), in: line).map { String(line[$0]) }
        }
    }

    /// Whether `text` uses `;`, `#`, `<`, `>` or `%` only inside entity codes.
    private static func isEscaped(_ text: String) -> Bool {
        let withoutEntities = text.replacingOccurrences(of: "#[0-9]+;", with: "", options: .regularExpression)
        return !withoutEntities.contains { ";#<>%".contains($0) }
    }

    static func violations(of diagram: String) -> [String] {
        var lines = diagram.split(separator: "\n", omittingEmptySubsequences: true).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard lines.first == "sequenceDiagram" else { return ["the first line is not sequenceDiagram"] }
        lines.removeFirst()
        var problems: [String] = []
        var declared = Set<String>()
        var active: [String: Int] = [:]
        for line in lines {
            if line.hasPrefix("%%") { continue }
            if let parts = groups(participant, line) {
                let id = parts[1]!
                if !declared.insert(id).inserted { problems.append("\(id) declared twice") }
                if let alias = parts[3], !isEscaped(alias) || alias.contains(":") {
                    problems.append("unescaped alias: \(line)")
                }
            } else if let parts = groups(message, line) {
                for id in [parts[1]!, parts[4]!] where !declared.contains(id) {
                    problems.append("message with undeclared participant \(id): \(line)")
                }
                if !isEscaped(parts[5] ?? "") { problems.append("unescaped message text: \(line)") }
            } else if let parts = groups(note, line) {
                for id in [parts[2], parts[4]].compactMap({ $0 }) where !declared.contains(id) {
                    problems.append("note on undeclared participant \(id): \(line)")
                }
                if !isEscaped(parts[5] ?? "") { problems.append("unescaped note: \(line)") }
            } else if let parts = groups(activation, line) {
                let id = parts[2]!
                if !declared.contains(id) { problems.append("activation of undeclared \(id)") }
                active[id, default: 0] += parts[1] == "activate" ? 1 : -1
                if active[id]! < 0 { problems.append("\(id) deactivated more than activated") }
            } else {
                problems.append("not a sequence diagram statement: \(line)")
            }
        }
        for (id, count) in active where count > 0 { problems.append("\(id) left active") }
        return problems
    }
}
