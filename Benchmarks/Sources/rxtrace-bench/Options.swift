// The runner's command line, kept to what run.sh and a person tuning one cell need.

/// What to run and how long; parsed from the command line.
struct Options {
    /// Counted rounds per cell (at least 7 for the published table).
    var rounds = 7
    /// Rounds run before counting; the first one sizes the samples.
    var warmUpRounds = 2
    /// The least time one sample takes.
    var sampleSeconds = 0.3
    /// Workload names to run (`W1s,W2`); all when empty.
    var workloads: Set<String> = []
    /// Whether to run T1 and T2.
    var runsRecorder = true
    /// Whether to run R1.
    var runsReport = true
    /// The release-built `rxtrace` for R1.
    var rxtracePath = "../.build/release/rxtrace"
    /// Records R1's generated trace holds, about.
    var reportRecords = 10_000_000
    /// Where R1 keeps its trace for a later look; a temporary file, removed, by default.
    var reportTrace: String?
    /// `W1s/RxCore`: run that one variant and exit, for a profiler; `W1s/recorded` (or
    /// `W1s/recorded-events`) runs RxCore's variant recorded, up to `stop()`.
    var profile: String?
    /// Where `--profile W1s/recorded` leaves its last trace, to look at; removed when `nil`.
    var keptTrace: String?
    /// How many times `--profile` runs its variant (`--count` starts it with 1 and 2).
    var profileRepeats = 1
    /// `--producer-ratio N`: `--profile W1s/recorded` (or `recorded-events`) runs N pairs, the
    /// workload unrecorded and then recorded, and prints each pair's producer ratio and their
    /// median: a quick interleaved measure of the hooks on a shared machine; 0 when not asked.
    var producerRatioPairs = 0
    /// Separate processes that each measure every row; cells show the median over them.
    var processes = 3
    /// Workload names whose instructions per operation `--count` reports under callgrind;
    /// `nil` when not counting.
    var countedWorkloads: Set<String>?
    /// Set in a measuring process the runner started: where it writes its results (JSON).
    var childResultsPath: String?
    /// Set in a measuring process the runner started: its number from 0, which also turns
    /// the order the libraries start in, and how many there are.
    var processIndex = 0
    var processCount = 1

    static let usage = """
        usage: rxtrace-bench [--rounds N] [--warm-up N] [--sample-seconds S] [--only W1s,W2,…]
                             [--no-recorder] [--no-report] [--rxtrace PATH] [--report-records N]
                             [--report-trace PATH]
                             [--processes N] [--profile W1s/RxCore|W1s/recorded [--repeat N] [--keep-trace PATH]]
                             [--profile W1s/recorded|W1s/recorded-events --producer-ratio N]
               rxtrace-bench --count W1s,W2,…|all
        """

    init(arguments: [String]) throws {
        var remaining = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let next = remaining.popFirst() else { throw UsageError(message: "\(flag) needs a value") }
            return next
        }
        func number(_ flag: String) throws -> Int {
            guard let parsed = Int(try value(flag).replacingOccurrences(of: "_", with: "")) else {
                throw UsageError(message: "\(flag) needs a whole number")
            }
            return parsed
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--rounds": rounds = try number(argument)
            case "--warm-up": warmUpRounds = try number(argument)
            case "--sample-seconds":
                guard let seconds = Double(try value(argument)) else { throw UsageError(message: "bad seconds") }
                sampleSeconds = seconds
            case "--only": workloads = Set(try value(argument).split(separator: ",").map(String.init))
            case "--no-recorder": runsRecorder = false
            case "--no-report": runsReport = false
            case "--rxtrace": rxtracePath = try value(argument)
            case "--report-records": reportRecords = try number(argument)
            case "--report-trace": reportTrace = try value(argument)
            case "--profile": profile = try value(argument)
            case "--keep-trace": keptTrace = try value(argument)
            case "--repeat": profileRepeats = max(1, try number(argument))
            case "--producer-ratio": producerRatioPairs = max(1, try number(argument))
            case "--processes": processes = max(1, try number(argument))
            case "--count":
                let names = try value(argument)
                countedWorkloads = names == "all" ? [] : Set(names.split(separator: ",").map(String.init))
            case "--child-results": childResultsPath = try value(argument)
            case "--process-index": processIndex = try number(argument)
            case "--process-count": processCount = try number(argument)
            default: throw UsageError(message: "unknown argument \(argument)")
            }
        }
    }
}

/// A bad command line: the message and the usage are printed, and the runner exits with 2.
struct UsageError: Error {
    let message: String
}
