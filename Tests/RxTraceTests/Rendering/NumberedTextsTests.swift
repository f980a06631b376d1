@testable import RxTrace
import XCTest

/// The walkthrough's state texts are numbered in order of first appearance, each kept once
/// (``NumberedTexts``), as a `[String: Int]` numbers them: equal texts share a number whether
/// they are plain (ASCII, `→`, `…`) or not, and texts of different spellings that `String` calls
/// equal share one too.
final class NumberedTextsTests: RxTraceTestCase {
    /// What a `[String: Int]` gives each text, as the walkthrough numbered them before.
    private func numbersAsADictionaryGives(_ texts: [String]) -> (numbers: [Int], texts: [String]) {
        var numberOf: [String: Int] = [:]
        var kept: [String] = []
        let numbers = texts.map { text in
            if let known = numberOf[text] { return known }
            numberOf[text] = kept.count
            kept.append(text)
            return kept.count - 1
        }
        return (numbers, kept)
    }

    private func assertNumberedAsADictionaryNumbers(
        _ texts: [String], file: StaticString = #filePath, line: UInt = #line
    ) {
        var numbered = NumberedTexts()
        let numbers = texts.map { numbered.number(of: $0) }
        let expected = numbersAsADictionaryGives(texts)
        XCTAssertEqual(numbers, expected.numbers, file: file, line: line)
        XCTAssertEqual(numbered.texts, expected.texts, file: file, line: line)
    }

    func testPlainTexts_areNumberedInOrderOfFirstAppearance_eachOnce() {
        var numbered = NumberedTexts()
        XCTAssertEqual(
            ["observers: none", "observers: key 1 -> #2", "observers: none", ""].map { numbered.number(of: $0) },
            [0, 1, 0, 2])
        XCTAssertEqual(numbered.texts, ["observers: none", "observers: key 1 -> #2", ""])
        assertNumberedAsADictionaryNumbers((0..<2_000).map { "observers: key \($0 % 700) → #2, … \($0 % 3) more" })
    }

    func testTextsOfOtherSpellingsThatStringCallsEqual_shareANumber_beforeAndAfterTheFirstNonASCII() {
        // U+212A KELVIN SIGN is canonically `K`; é is e and a combining acute accent.
        assertNumberedAsADictionaryNumbers(["K", "plain", "\u{212A}", "K", "\u{E9}", "e\u{301}", "plain"])
        assertNumberedAsADictionaryNumbers(["\u{212A}", "K", "x", "e\u{301}", "\u{E9}", "x"])
    }
}
