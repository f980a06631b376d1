import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// A trace can hold any text (a program's values, or a file crafted to attack whoever reads
/// it): the text report prints control characters escaped, and the JSON report stays valid
/// JSON that gives the text back unchanged.
final class TerminalSafetyTests: RxTraceTestCase {
    /// An escape sequence that would retitle a terminal window, then ring its bell.
    private static let attack = "\u{1B}]0;owned\u{07}\n\u{202E}"

    /// A trace with a leak in it, whose every name, value and path then carries ``attack``.
    private func hostileTrace() throws -> TraceReader {
        let recorder = try InMemoryTraceRecorder(program: "hostile")
        var subject: PublishSubject<String>?
        Instrumentation.bootstrapInternal(recorder)
        let leaky = PublishSubject<String>()
        subject = leaky
        _ = leaky.map { $0 + "!" }.subscribe(onNext: { _ in })
        leaky.onNext("value")
        Instrumentation.bootstrapInternal(nil)
        let database = try recorder.finish()
        subject?.onCompleted()
        subject = nil

        let attack = "char(27) || ']0;owned' || char(7) || char(10) || char(8238)"
        try database.execute(
            """
            UPDATE run SET program = program || \(attack);
            UPDATE type SET type_name = type_name || \(attack);
            UPDATE step SET name = name || \(attack), file = \(attack) || file;
            UPDATE subscription SET file = \(attack) || file;
            UPDATE event SET value = value || \(attack) WHERE value IS NOT NULL;
            UPDATE call SET detail = detail || \(attack) WHERE detail IS NOT NULL;
            UPDATE thread SET name = name || \(attack);
            """
        )
        return try TraceReader(database: database)
    }

    func testTextReport_printsControlCharactersEscaped() throws {
        let report = try TraceReport(reader: hostileTrace(), sections: [.summary, .flows, .lifetimes, .leaks])

        let text = TextReportRenderer().render(report)

        let raw = text.unicodeScalars.filter { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}") }
        XCTAssertEqual(raw.map { String($0.value, radix: 16) }, [], "no control character reaches the terminal raw")
        XCTAssertTrue(text.contains(#"\u{1B}]0;owned\u{7}\n\u{202E}"#), text)
        for section in ["hostile", "Call flows", "Lifetimes", "Leaks", "Objects alive at the end"] {
            XCTAssertTrue(text.contains(section), "the \(section) part is there")
        }
    }

    func testJSONReport_staysValidAndKeepsTheText() throws {
        let report = try TraceReport(reader: hostileTrace(), sections: [.summary, .flows, .lifetimes, .leaks])

        let json = try JSONReportRenderer().render(report)

        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let summary = try XCTUnwrap(object["summary"] as? [String: Any])
        XCTAssertEqual(summary["program"] as? String, "hostile" + Self.attack)
    }

    func testTerminalText_escapesControlsAndKeepsTheRest() {
        XCTAssertEqual(TerminalText.escaped("a\tb\r\n\u{1B}[0m\u{7F}\u{9B}\u{2066}é→├─"), #"a\tb\r\n\u{1B}[0m\u{7F}\u{9B}\u{2066}é→├─"#)
        XCTAssertEqual(TerminalText.escaped("plain"), "plain")
    }

    func testTerminalText_escapesEachUnsafeCharacterAlone_amongTreeLinesAndAccents() {
        let unsafe: [Unicode.Scalar] = [
            "\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{61C}", "\u{200E}", "\u{200F}",
            "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}",
        ]
        for scalar in unsafe {
            let text = "└─ é " + String(Character(scalar)) + " ├─"
            let escaped = TerminalText.escaped(text)
            XCTAssertFalse(escaped.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) left as is")
            XCTAssertTrue(escaped.hasPrefix("└─ é ") && escaped.hasSuffix(" ├─"), escaped)
        }
        // Neighbours of the unsafe ones, which a byte-level check must not mistake for them.
        for safe in [
            "\u{A0}", "\u{61B}", "\u{200D}", "\u{2010}", "\u{2026}", "\u{2027}", "\u{202F}", "\u{2030}",
            "\u{2065}", "\u{206A}", "\u{2070}", "\u{2500}", "→",
        ] {
            XCTAssertEqual(TerminalText.escaped("a" + safe + "b"), "a" + safe + "b")
        }
    }

    func testAppendingEscapedText_writesTheBytesOfTheEscapedText() {
        for text in ["MapSink<…> #5", "next(\u{1B}]0;owned\u{07})", "\u{202E}é", "", "a\u{2028}b"] {
            var bytes = Array("└─ ".utf8)

            TerminalText.appendEscaped(text, to: &bytes)

            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "└─ " + TerminalText.escaped(text))
        }
    }
}
