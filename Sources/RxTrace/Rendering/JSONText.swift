import Foundation
import Synchronization

/// RxTrace's JSON, one way: the encoder every JSON output uses (`report`, `why` and `diff`
/// with `--format json`), and the string quoting of the outputs written piece by piece
/// (`query --format json`, the Perfetto export).
///
/// Keys are snake_case everywhere, as the schema's columns are, so `report --format json` and
/// `query --format json` name a field alike (`end_kind`, `observer_object_id`).
public enum JSONText {
    /// An encoder for RxTrace's JSON: pretty-printed, keys sorted and in snake_case, slashes
    /// left as they are.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .custom { path in JSONKey(snakeCaseName(path.last!.stringValue)) }
        return encoder
    }

    /// A decoder for what ``encoder()`` wrote.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .custom { path in JSONKey(camelCase(path.last!.stringValue)) }
        return decoder
    }

    /// The acronyms RxTrace's Swift names spell in capitals (`eventID`, `objectIDs`,
    /// `virtualTS`), one snake_case word each: Foundation's own conversion would write
    /// `objectIDs` as `object_i_ds`.
    private static let acronyms = ["id": "ID", "ids": "IDs", "ts": "TS", "sql": "SQL"]

    /// The names ``snakeCaseName(_:)`` converted, by Swift name: a report encodes the same few
    /// dozen keys once per record, and converting one costs a walk over its characters.
    private static let snakeCaseNames = Mutex<[String: String]>([:])
    /// How many names ``snakeCaseNames`` holds at most: a dictionary with text keys is encoded
    /// through the same strategy, and its keys must not grow the cache without bound.
    private static let snakeCaseNamesLimit = 4096

    /// ``snakeCase(_:)`` of `key`, converted once per process.
    static func snakeCaseName(_ key: String) -> String {
        if let name = snakeCaseNames.withLock({ $0[key] }) { return name }
        let name = snakeCase(key)
        snakeCaseNames.withLock { names in
            if names.count < snakeCaseNamesLimit { names[key] = name }
        }
        return name
    }

    /// `observerObjectID` → `observer_object_id`, `objectIDs` → `object_ids`.
    static func snakeCase(_ key: String) -> String {
        let characters = Array(key)
        var words: [String] = []
        var word = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                // A plural `s` after an acronym belongs to it (`IDs`).
                let nextIsPluralS = next == "s" && (index + 2 == characters.count || characters[index + 2].isUppercase)
                let startsWord =
                    previous.isLowercase || previous.isNumber
                    || (previous.isUppercase && next?.isLowercase == true && !nextIsPluralS)
                if startsWord, !word.isEmpty {
                    words.append(word)
                    word = ""
                }
            }
            word.append(character)
        }
        words.append(word)
        return words.map { $0.lowercased() }.joined(separator: "_")
    }

    /// `observer_object_id` → `observerObjectID`: the inverse of ``snakeCase(_:)`` for
    /// RxTrace's names.
    static func camelCase(_ key: String) -> String {
        let words = key.split(separator: "_").map(String.init)
        guard let first = words.first else { return key }
        return first + words.dropFirst().map { acronyms[$0] ?? $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `text` as a JSON string literal: in quotes, with quotes, backslashes and control
    /// characters escaped.
    public static func quoted(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) else {
            return "\"" + text + "\""
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// A coding key made from a string, for ``JSONText``'s key strategies.
private struct JSONKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) {
        stringValue = string
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}
