@testable import RxTrace
import XCTest

/// A flow's shape is known by the fingerprint of its lines: lines a `String` holds equal give
/// the same fingerprint, whether they are hashed as their bytes (plain text) or as text.
final class ShapeFingerprintTests: XCTestCase {
    private func fingerprint(_ lines: [String]) -> ShapeFingerprint {
        var builder = ShapeFingerprint.Builder()
        for line in lines { builder.add(line) }
        return builder.fingerprint
    }

    private func fingerprint(bytesOf lines: [String]) -> ShapeFingerprint {
        var builder = ShapeFingerprint.Builder()
        for line in lines { Array(line.utf8).withUnsafeBufferPointer { builder.add(utf8: $0) } }
        return builder.fingerprint
    }

    func testLinesGivenAsTextOrAsBytes_haveOneFingerprint() {
        let lines = ["subscribe(_:)  RxCore/Producer.swift:18", "  MapSink.on(.next) [MapSink<…>]  RxCore/Map.swift:28", "é"]

        XCTAssertEqual(fingerprint(bytesOf: lines), fingerprint(lines))
    }

    func testCanonicallyEquivalentLines_haveOneFingerprint_andOtherLinesAnother() {
        XCTAssertEqual(fingerprint(["init Kelvin"]), fingerprint(["init \u{212A}elvin"]))
        XCTAssertEqual(fingerprint(["Caf\u{E9} [MapSink<…>]"]), fingerprint(["Cafe\u{301} [MapSink<…>]"]))
        XCTAssertNotEqual(fingerprint(["a", "b"]), fingerprint(["ab"]))
        XCTAssertNotEqual(fingerprint(["MapSink<…>"]), fingerprint(["MapSink<...>"]))
    }
}
