import Glibc

/// Starts a recording when the environment asks for one: `RXTRACE_FILE=trace.sqlite` records
/// the whole run of any program that links RxTrace, with no change to its code,
/// `RXTRACE_VALUES=0` leaves element values out, and `RXTRACE_DETAIL=events` leaves out the
/// calls.
///
/// CRxTrace's load-time constructor calls it, before `main`, unless the program opted out (the
/// `rxtrace` tool does: it reads traces and must never record itself). The recording is never
/// stopped explicitly: it ends through ``Termination``, when the process exits or dies of a
/// signal. A `%p` in `RXTRACE_FILE` becomes the process id; a path another recorder or reader
/// holds, or a file that is not a trace, makes the recorder write a sibling file instead (see
/// ``TraceFileClaim``).
///
/// `swift test` starts the test binary up to three times on Linux: to list the tests, to run
/// the XCTest ones, and to run the Swift Testing ones. Each would replace the trace the one
/// before left, and the last, often with no test to run, would leave an empty trace. So the
/// listing records nothing, the XCTest run records to `RXTRACE_FILE`, and the Swift Testing
/// run records beside it, to `NAME.swift-testing.EXT` (see ``AutostartRun``).
@_cdecl("rxtrace_autostart")
func autostart(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) {
    guard let requested = getenv("RXTRACE_FILE").map({ String(cString: $0) }), !requested.isEmpty else { return }
    let arguments = (0..<Int(max(argc, 0))).compactMap { argv?[$0].map { String(cString: $0) } }
    guard let path = AutostartRun(arguments: arguments).tracePath(for: requested) else { return }
    let values = getenv("RXTRACE_VALUES").map { String(cString: $0) }
    guard let isRecordingValues = parseRecordingValues(values) else {
        writeToStandardError(
            "RxTrace: not recording: RXTRACE_VALUES is '\(values ?? "")'; use 1, true, yes or on to record "
                + "element values, 0, false, no or off to leave them out\n"
        )
        return
    }
    let detailSetting = getenv("RXTRACE_DETAIL").map { String(cString: $0) }
    guard let detail = RecordingDetail.parse(environmentValue: detailSetting) else {
        writeToStandardError(
            "RxTrace: not recording: RXTRACE_DETAIL is '\(detailSetting ?? "")'; use calls to record every step "
                + "(call flows) or events to record objects, subscriptions and events only\n"
        )
        return
    }
    do {
        _ = try record(to: path, recordingValues: isRecordingValues, detail: detail)
    } catch {
        writeToStandardError("RxTrace: cannot record to \(path) (RXTRACE_FILE): \(error)\n")
    }
}

/// `RXTRACE_VALUES` read strictly: unset means values are recorded; `1`/`true`/`yes`/`on`
/// and `0`/`false`/`no`/`off` (any case) say so; anything else is `nil`, a mistake that could
/// otherwise record the private data the user meant to keep out.
func parseRecordingValues(_ setting: String?) -> Bool? {
    guard let setting else { return true }
    switch setting.lowercased() {
    case "1", "true", "yes", "on": return true
    case "0", "false", "no", "off": return false
    default: return nil
    }
}

/// What kind of run a process started with `RXTRACE_FILE` is, as its arguments tell: a
/// program, or one of the runs `swift test` makes of a test binary.
struct AutostartRun: Equatable {
    /// What the process was started to do.
    enum Kind: Equatable {
        /// Any program, and the XCTest run of a test binary.
        case program
        /// `swift test` listing the tests (`--dump-tests-json`, `--list-tests`): runs none.
        case testListing
        /// `swift test` running the Swift Testing tests (`--testing-library swift-testing`).
        case swiftTesting
    }

    let kind: Kind

    init(arguments: [String]) {
        if arguments.contains("--dump-tests-json") || arguments.contains("--list-tests") {
            kind = .testListing
        } else if zip(arguments, arguments.dropFirst()).contains(where: { $0 == ("--testing-library", "swift-testing") }
        ) {
            kind = .swiftTesting
        } else {
            kind = .program
        }
    }

    /// Where this run records, given `RXTRACE_FILE`: nowhere for a listing, a
    /// `.swift-testing` sibling for a Swift Testing run, else the file asked for.
    func tracePath(for requested: String) -> String? {
        switch kind {
        case .program:
            return requested
        case .testListing:
            return nil
        case .swiftTesting:
            // Plain string work: this runs before `main`, where Foundation is best left alone.
            let name =
                requested.lastIndex(of: "/").map { String(requested[requested.index(after: $0)...]) } ?? requested
            let directory = String(requested.dropLast(name.count))
            let path: String
            if let dot = name.lastIndex(of: "."), dot != name.startIndex {
                path = directory + name[..<dot] + ".swift-testing" + name[dot...]
            } else {
                path = requested + ".swift-testing"
            }
            writeToStandardError("RxTrace: recording Swift Testing's run to \(path) (RXTRACE_FILE keeps XCTest's)\n")
            return path
        }
    }
}

/// Writes `message` to stderr with one `write`, safe before `main` and in handlers.
func writeToStandardError(_ message: String) {
    _ = message.withCString { Glibc.write(STDERR_FILENO, $0, strlen($0)) }
}
