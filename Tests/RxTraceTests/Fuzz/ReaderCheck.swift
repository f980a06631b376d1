import Foundation
import RxTrace

/// Runs every way `rxtrace` reads a trace on one file and says which broke the rule every
/// reader keeps: it succeeds, or it throws an error the CLI prints as one `rxtrace: error:`
/// line with exit status 2 (a ``TraceFileError``, a ``ReportError`` or an ``SQLiteError``);
/// and it finishes within ``reportSeconds`` of SQLite's time. A crash ends the test process,
/// so it shows as the case the fuzz test was running (it saves each before running it).
enum ReaderCheck {
    /// SQLite's time a report form may take before it counts as a hang; the undamaged example
    /// traces take milliseconds.
    static let reportSeconds = 20.0
    /// The `--timeout` the query forms run with: running out is their documented outcome.
    static let querySeconds = 0.5

    /// What one form did.
    struct Outcome: CustomStringConvertible {
        var form: String
        /// `ok`, or the error's one line.
        var result: String
        /// Why the outcome breaks the rule, if it does.
        var violation: String?

        var description: String { "\(form): \(violation.map { "VIOLATION \($0): " } ?? "")\(result)" }
    }

    /// The report forms: `rxtrace report` with each section flag and format.
    static let reportForms: [(name: String, sections: ReportSections, isJSON: Bool, limit: Int?)] = [
        ("report", .standard, false, 100),
        ("report --all", .flows, false, nil),
        ("report --leaks", .leaks, false, nil),
        ("report --lifetimes", .lifetimes, false, nil),
        ("report --summary", .summary, false, nil),
        ("report --format json", .standard, true, 100),
        ("report --format json --lifetimes --leaks", [.lifetimes, .leaks], true, nil),
    ]

    /// What `rxtrace query` is most often asked.
    static let queries = [
        "SELECT * FROM call_flow", "SELECT * FROM leak", "SELECT * FROM open_subscription",
        "SELECT * FROM object_assembly", "SELECT * FROM run", "SELECT kind, count(*) FROM event GROUP BY kind",
    ]

    /// Every form's outcome on the trace at `path`.
    static func outcomes(path: String) -> [Outcome] {
        var outcomes: [Outcome] = []
        for form in reportForms {
            outcomes.append(outcome(form.name, path: path, seconds: reportSeconds) { reader in
                var bytes = 0
                if form.isJSON {
                    try JSONReportRenderer().write(reader: reader, sections: form.sections, flowLimit: form.limit) {
                        bytes += $0.utf8.count
                    }
                } else {
                    try TextReportRenderer().write(reader: reader, sections: form.sections, flowLimit: form.limit) {
                        bytes += $0.utf8.count
                    }
                }
            })
        }
        outcomes.append(outcome("report --format html", path: path, seconds: reportSeconds) { reader in
            // The page, without sources: what it reads and computes, not the files it embeds.
            _ = try HTMLReportRenderer().render(try HTMLReport(reader: reader, sources: SourceFiles(root: nil)))
        })
        for id in subscriptionIDs(path: path) {
            for isJSON in [false, true] {
                let name = "report --subscription \(id)" + (isJSON ? " --format json" : "")
                outcomes.append(outcome(name, path: path, seconds: reportSeconds) { reader in
                    var bytes = 0
                    if isJSON {
                        try JSONReportRenderer().write(reader: reader, sections: .flows, subscription: id) {
                            bytes += $0.utf8.count
                        }
                    } else {
                        try TextReportRenderer().write(reader: reader, sections: .flows, subscription: id) {
                            bytes += $0.utf8.count
                        }
                    }
                })
            }
        }
        for query in queries {
            outcomes.append(outcome("query \"\(query)\"", path: path, seconds: querySeconds, interruptIsAnAnswer: true) {
                reader in
                // As `rxtrace query` does: compiled, checked, every row read and escaped.
                let statement = try reader.database.prepare(query)
                var cells = statement.columnNames.map(TerminalText.escaped)
                while let row = try statement.step() {
                    cells = row.values.map { TerminalText.escaped($0.description) }
                }
                _ = cells
            })
        }
        return outcomes
    }

    /// The subscriptions `--subscription` is tried with: the first and last in the trace, and
    /// ids no trace has.
    private static func subscriptionIDs(path: String) -> [Int64] {
        var ids: [Int64] = [0, .max]
        if let reader = try? TraceReader(path: path),
            let row = try? reader.database.rows("SELECT min(id) AS low, max(id) AS high FROM subscription").first
        {
            ids += [row.integer("low"), row.integer("high")].compactMap { $0 }
        }
        return Array(Set(ids)).sorted()
    }

    private static func outcome(
        _ form: String, path: String, seconds: Double, interruptIsAnAnswer: Bool = false,
        _ body: (TraceReader) throws -> Void
    ) -> Outcome {
        do {
            let reader = try TraceReader(path: path)
            reader.database.interrupt(after: seconds)
            try body(reader)
            return Outcome(form: form, result: "ok")
        } catch let error as SQLiteError where error.isInterrupt {
            return Outcome(
                form: form, result: "interrupted",
                violation: interruptIsAnAnswer ? nil : "ran over \(Int(seconds)) s of SQLite's time"
            )
        } catch let error as TraceFileError {
            return Outcome(form: form, result: error.description)
        } catch let error as ReportError {
            return Outcome(form: form, result: error.description)
        } catch let error as SQLiteError {
            return Outcome(form: form, result: "SQL error: \(error.message)")
        } catch {
            return Outcome(
                form: form, result: String(describing: error),
                violation: "threw \(type(of: error)), which the CLI does not print as one error line"
            )
        }
    }
}
