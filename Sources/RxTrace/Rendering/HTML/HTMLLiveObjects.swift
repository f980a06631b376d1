import Foundation

/// The page's objects alive at the end, gathered one group at a time as the leak finder hands
/// them on, and written where the page puts them: each group's table row, by block of one
/// verdict and holder (a ``LiveObjectRowSpool``), for the leaks section, and its JSON, for the
/// page's data (a ``TextSpool``). A page of a million distinct types holds none of their
/// groups; only their ``tally``.
final class HTMLLiveObjects {
    /// Each group's `<tr>`, by block.
    private let rows: LiveObjectRowSpool
    /// The groups' JSON, escaped for a `<script>` element and separated by commas, in order.
    private let json: TextSpool
    /// The page's JSON encoder, as ``HTMLReportRenderer/json(_:)`` encodes the whole report.
    private let encoder = HTMLReportRenderer.jsonEncoder()
    /// How many groups and objects were added, and whether one is a leak.
    private(set) var tally = LiveObjectTally()

    /// None yet, kept in new files of `directory` when they can be made there.
    init(directory: URL = FileManager.default.temporaryDirectory) {
        rows = LiveObjectRowSpool(directory: directory)
        json = TextSpool(directory: directory)
    }

    /// The page's live objects of `groups`, in order.
    convenience init(_ groups: [LiveObjectGroup]) throws {
        self.init()
        for group in groups { try add(group) }
    }

    /// Whether no group was added.
    var isEmpty: Bool { tally.groupCount == 0 }

    /// Adds `group`, after those added so far.
    func add(_ group: LiveObjectGroup) throws {
        let renderer = HTMLReportRenderer()
        let cells = [
            "\(group.objectIDs.count) ×", group.typeName, LeakWording.idList(group.objectIDs),
            group.createdIn.joined(separator: "; "),
        ]
        try rows.add(["<tr>" + cells.map { "<td>\(renderer.escaped($0))</td>" }.joined() + "</tr>\n"], of: group)
        try json.append((tally.groupCount == 0 ? "" : ",") + (try Self.json(of: group, encoder: encoder)))
        tally.add(group)
    }

    /// `group`'s JSON as `encoder` (the page's, ``HTMLReportRenderer/jsonEncoder()``) writes
    /// it, escaped for a `<script>` element: the group encoded without its ids, which are
    /// written by hand between the brackets of its `"objectIDs":[]`. Boxing each of a million
    /// ids for the encoder was most of the page's live objects; the group's only member of
    /// that key (its holder has none, and no text in it can hold an unescaped quote) takes
    /// the ids as the encoder writes integers, in decimal, separated by commas.
    static func json(of group: LiveObjectGroup, encoder: JSONEncoder) throws -> String {
        var withoutIDs = group
        withoutIDs.objectIDs = []
        let encoded = HTMLReportRenderer.scriptSafe(try encoder.encode(withoutIDs))
        guard !group.objectIDs.isEmpty, let member = encoded.range(of: "\"objectIDs\":[]") else { return encoded }
        // Digits and commas need no escaping for the `<script>` element.
        let beforeClosing = encoded.index(before: member.upperBound)
        return String(encoded[..<beforeClosing]) + decimalList(group.objectIDs) + String(encoded[beforeClosing...])
    }

    /// `ids` in decimal, separated by commas: `3,5,-7`.
    static func decimalList(_ ids: [Int64]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ids.count * 8)
        for id in ids {
            if !bytes.isEmpty { bytes.append(UInt8(ascii: ",")) }
            guard id >= 0 else {
                bytes.append(contentsOf: String(id).utf8)
                continue
            }
            let start = bytes.count
            var rest = id
            repeat {
                bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            } while rest > 0
            bytes[start...].reverse()
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes the leaks section's objects alive at the end: a table per block of one verdict
    /// (``LeakWording/liveObjectBlocks(_:)``), with its verdict, why and fix; nothing for none.
    func writeSection(to output: (String) -> Void) throws {
        guard !isEmpty else { return }
        let renderer = HTMLReportRenderer()
        output("<h3>Objects alive at the end</h3>\n")
        try rows.forEachBlock { first, nextRow in
            output(
                "<article class=\"live-objects\"><div class=\"table-box\"><table><thead><tr><th>count</th><th>type</th><th>ids</th><th>created in</th></tr></thead><tbody>\n"
            )
            while let row = try nextRow() { output(row[0]) }
            var html = "</tbody></table></div><dl>\n"
            html += "<dt>verdict</dt><dd>" + renderer.escaped(LeakWording.verdictText(first)) + "</dd>\n"
            let (why, fix) = LeakWording.explanation(of: first)
            if let why { html += "<dt>why</dt><dd>" + renderer.escaped(why) + "</dd>\n" }
            html += "<dt>fix</dt><dd>" + renderer.escaped(fix) + "</dd>\n</dl></article>\n"
            output(html)
        }
    }

    /// Writes the groups' JSON, the elements of the data's `leaks.liveObjects`, separated by
    /// commas, without the brackets.
    func writeJSONElements(to output: (String) -> Void) throws {
        try json.replay(to: output)
    }
}
