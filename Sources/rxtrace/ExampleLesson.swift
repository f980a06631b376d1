import RxExamples
import RxTrace

extension HTMLReport.Lesson {
    /// The lesson of the traced example a trace recorded: the example named as the run's
    /// program, when the trace's user lines are the examples' own (`RxExamples/…`); `nil` for
    /// any other trace.
    init?(exampleTrace reader: TraceReader) throws {
        guard let example = ExampleCatalog.example(named: reader.run.program),
            try reader.recordedFileIDs().contains(where: { $0.hasPrefix("RxExamples/") })
        else { return nil }
        self.init(
            article: SeedArticle.heading(of: example.seed), demonstrates: example.summary,
            notice: example.whatToNotice, isLeakExpected: example.isLeakExpected
        )
    }
}
