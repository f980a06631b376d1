import Glibc

/// Starts a recording when the environment asks for one: `RXTRACE_FILE=trace.sqlite` records
/// the whole run of any program that links RxTrace, with no change to its code, and
/// `RXTRACE_VALUES=0` leaves element values out.
///
/// CRxTrace's load-time constructor calls it, before `main`. The recording is never stopped
/// explicitly: it ends through ``Termination``, when the process exits or dies of a signal.
@_cdecl("rxtrace_autostart")
func autostart() {
    guard let path = getenv("RXTRACE_FILE").map({ String(cString: $0) }), !path.isEmpty else { return }
    let isRecordingValues = getenv("RXTRACE_VALUES").map { String(cString: $0) } != "0"
    do {
        _ = try record(to: path, recordingValues: isRecordingValues)
    } catch {
        let message = "RxTrace: cannot record to \(path) (RXTRACE_FILE): \(error)\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}
