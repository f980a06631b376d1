import ArgumentParser
import Foundation
import RxExamples
import RxTrace

extension RxTraceCommand {
    /// `rxtrace run NAME|--all`: runs examples with recording on, writing a trace and its
    /// report for each.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run traced examples, writing DIR/NAME.sqlite and its report DIR/NAME.txt for each.",
            discussion: "With more than one example, the last line counts them and the ones that leaked."
        )

        @Argument(help: "The examples to run (see `rxtrace examples`).")
        var names: [String] = []

        @Flag(help: "Run every example.")
        var all = false

        @Option(name: .long, help: "The folder for the traces and reports.")
        var out = "traces"

        @Flag(help: "Print each example's report after running it.")
        var report = false

        @Flag(name: .customLong("no-values"), help: "Record event kinds only, not element values.")
        var withoutValues = false

        func validate() throws {
            guard all || !names.isEmpty else {
                throw CLIError.badInput("name an example to run, or pass --all (see `rxtrace examples`)")
            }
            guard !(all && !names.isEmpty) else {
                throw CLIError.badInput("pass either example names or --all, not both")
            }
        }

        func run() throws {
            let examples = try selectedExamples()
            do {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            } catch {
                throw CLIError.badInput("cannot create the folder \(out): \(error.localizedDescription)")
            }
            var leaking: [(name: String, isExpected: Bool)] = []
            for (index, example) in examples.enumerated() {
                if index > 0 { print("") }
                if try run(example) {
                    leaking.append((example.name, example.isLeakExpected))
                }
            }
            if examples.count > 1 {
                print("")
                print(Self.summary(recorded: examples.count, leaking: leaking))
            }
        }

        /// `15 examples recorded, 1 leak — expected in subject-never-completes`: how many
        /// examples ran and which leaked, those whose leak is their point apart from the others.
        static func summary(recorded: Int, leaking: [(name: String, isExpected: Bool)]) -> String {
            let head = counted(recorded, "example") + " recorded"
            guard !leaking.isEmpty else { return head + ", no leaks" }
            var places: [String] = []
            let expected = leaking.filter(\.isExpected).map(\.name)
            let unexpected = leaking.filter { !$0.isExpected }.map(\.name)
            if !expected.isEmpty { places.append("expected in " + expected.joined(separator: ", ")) }
            if !unexpected.isEmpty { places.append("unexpected in " + unexpected.joined(separator: ", ")) }
            return head + ", " + counted(leaking.count, "leak") + " — " + places.joined(separator: "; ")
        }

        private func selectedExamples() throws -> [any TracedExample] {
            if all { return ExampleCatalog.all }
            return try names.map { name in
                guard let example = ExampleCatalog.example(named: name) else {
                    throw CLIError.badInput("unknown example '\(name)'; `rxtrace examples` lists them")
                }
                return example
            }
        }

        /// Runs `example`, writes its trace and report, and prints what it did; returns whether
        /// its trace shows a leak.
        private func run(_ example: any TracedExample) throws -> Bool {
            let requestedTracePath = (out as NSString).appendingPathComponent("\(example.name).sqlite")
            let reportPath = (out as NSString).appendingPathComponent("\(example.name).txt")
            let output = ExampleOutput()
            let recording: TraceRecording
            do {
                recording = try record(to: requestedTracePath, program: example.name, recordingValues: !withoutValues)
            } catch {
                throw CLIError.badInput("cannot write \(requestedTracePath): \(error)")
            }
            // A sibling when the requested file is in use or not a trace.
            let tracePath = recording.path
            example.run(output)
            try recording.stop()

            let reader = try TraceReader(path: tracePath)
            let text = TextReportRenderer().render(try TraceReport(reader: reader, sections: .standard))
            let isLeaking = !(try LeakFinder(reader: reader).report().isEmpty)
            do {
                try text.write(toFile: reportPath, atomically: true, encoding: .utf8)
            } catch {
                throw CLIError.badInput("cannot write \(reportPath): \(error.localizedDescription)")
            }
            print("\(example.name) (seed \(example.seed)): \(example.summary)")
            for line in output.lines {
                print("  \(line)")
            }
            print("  → \(tracePath), \(reportPath)")
            if report {
                print("")
                print(text, terminator: "")
            }
            return isLeaking
        }
    }
}
