import Foundation

/// Prints a ``TraceReport`` as JSON, for scripts: the same content as the text report, with
/// stable key order.
public struct JSONReportRenderer {
    /// A renderer.
    public init() {}

    /// The report as pretty-printed JSON with sorted keys, ending with a newline.
    public func render(_ report: TraceReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
    }
}
