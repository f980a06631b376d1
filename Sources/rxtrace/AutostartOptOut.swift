/// Keeps RxTrace's load-time `RXTRACE_FILE` recording out of `rxtrace` itself: the tool reads
/// traces, and recording itself to an exported `RXTRACE_FILE` would replace the very trace it
/// was asked to report. CRxTrace's constructor starts no recording when a program defines this
/// symbol.
@_cdecl("rxtrace_autostart_opt_out")
public func rxtraceAutostartOptOut() {}
