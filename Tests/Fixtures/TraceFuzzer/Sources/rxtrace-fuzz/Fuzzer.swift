import CFuzzerDriver
import Foundation
import RxTrace

/// The program's entry point. SwiftPM links an executable target's `main` to
/// `<module>_main`, which a file compiled with `-parse-as-library` (as libFuzzer targets are)
/// does not define; this one hands the process to libFuzzer's driver.
@_cdecl("rxtrace_fuzz_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzOneInput(data!, size)
    }
}

/// libFuzzer's entry point: the input's bytes choose a base trace and the damages done to a
/// copy of it (through ``ByteChoices``), the copy is read every way `rxtrace` reads a trace,
/// and a form that breaks the reader rule stops the process, so libFuzzer keeps the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var choices = ByteChoices(Array(UnsafeBufferPointer(start: data, count: size)))
    let fuzzCase = FuzzCase(
        base: choices.pick(Fuzzer.bases), damages: TraceDamager.damages(count: choices.within(1...3), &choices)
    )
    // Saved before it runs: if it crashes the process, this is the regression file to keep.
    try? fuzzCase.regressionText.write(toFile: Fuzzer.casePath, atomically: false, encoding: .utf8)
    do {
        try fuzzCase.makeTrace(at: Fuzzer.tracePath)
    } catch {
        fatalError("cannot copy or damage \(fuzzCase.base): \(error)")
    }
    for outcome in ReaderCheck.outcomes(path: Fuzzer.tracePath) where outcome.violation != nil {
        fatalError("\(outcome)\nThe case is saved as \(Fuzzer.casePath)")
    }
    return 0
}

/// The fuzz target's fixed parts.
enum Fuzzer {
    /// The traces of `RXTRACE_FUZZ_TRACES` that the inputs damage.
    static let bases: [String] = {
        guard let names = try? FuzzCase.baseNames(), !names.isEmpty else {
            fatalError("no traces in \(FuzzCase.tracesDirectory.path): set RXTRACE_FUZZ_TRACES to the repository's traces/")
        }
        return names
    }()

    /// The damaged copy, one per process.
    static let tracePath = FileManager.default.temporaryDirectory
        .appendingPathComponent("rxtrace-fuzz-\(ProcessInfo.processInfo.processIdentifier).sqlite").path

    /// The case running now, in regression-file form: `RXTRACE_FUZZ_CASE`, or a file named
    /// after the process.
    static let casePath = ProcessInfo.processInfo.environment["RXTRACE_FUZZ_CASE"]
        ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("rxtrace-fuzz-case-\(ProcessInfo.processInfo.processIdentifier).sql").path
}
