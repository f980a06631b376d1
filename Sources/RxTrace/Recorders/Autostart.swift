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
@_cdecl("rxtrace_autostart")
func autostart() {
    guard let path = getenv("RXTRACE_FILE").map({ String(cString: $0) }), !path.isEmpty else { return }
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

/// Writes `message` to stderr with one `write`, safe before `main` and in handlers.
func writeToStandardError(_ message: String) {
    _ = message.withCString { Glibc.write(STDERR_FILENO, $0, strlen($0)) }
}
