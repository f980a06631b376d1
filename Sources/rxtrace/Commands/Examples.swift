import ArgumentParser
import RxExamples
import RxTrace

extension RxTraceCommand {
    /// `rxtrace examples`: lists the traced examples with the seed article each comes from.
    struct Examples: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the traced examples and the seed article each comes from."
        )

        @Flag(
            name: .customLong("html-index"),
            help: "Print traces/index.html instead: the examples' pages grouped by seed article, with their lessons."
        )
        var htmlIndex = false

        func run() {
            if htmlIndex {
                print(ExampleIndexPage.render(ExampleCatalog.all), terminator: "")
                return
            }
            let rows = ExampleCatalog.all.map { [$0.name, $0.seed, $0.summary] }
            for line in TableRenderer(headers: ["example", "seed", "what it shows"]).render(rows) {
                print(line)
            }
        }
    }
}
