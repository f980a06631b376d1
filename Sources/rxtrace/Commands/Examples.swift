import ArgumentParser
import RxExamples
import RxTrace

extension RxTraceCommand {
    /// `rxtrace examples`: lists the traced examples with the seed article each comes from.
    struct Examples: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the traced examples and the seed article each comes from."
        )

        func run() {
            let rows = ExampleCatalog.all.map { [$0.name, $0.seed, $0.summary] }
            for line in TableRenderer(headers: ["example", "seed", "what it shows"]).render(rows) {
                print(line)
            }
        }
    }
}
