import Foundation

/// Turns caller addresses into lines of source with their inline chains, running
/// `llvm-symbolizer` (the Swift toolchain's, found next to `swiftc`) or, failing that,
/// binutils' `addr2line`, in one run for all the addresses of all the files (`addr2line`: one
/// run per file): a run costs 5–40 ms on a quiet machine and 0.1–0.3 s on a loaded one, so
/// addresses are resolved in one batch, never one at a time.
///
/// `RXTRACE_SYMBOLIZER` names another tool to run, or `none` to run none.
struct Symbolizer {
    /// The tool's kind, which says how to call it and read its answer.
    enum Kind: String {
        case llvmSymbolizer = "llvm-symbolizer"
        case addr2line
    }

    /// The tool's path.
    let path: String
    /// Which tool it is.
    let kind: Kind
    /// How long a run may take before it is killed and counts as failed: a tool that hangs
    /// must not hang the program's `stop()` or a reader with it.
    var patience: TimeInterval = Self.defaultPatience

    /// A minute: loading a large program's debug information takes seconds, not minutes.
    static let defaultPatience: TimeInterval = 60

    /// The symbolizer to use, or `nil` when none is found (or `RXTRACE_SYMBOLIZER=none`).
    static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> Symbolizer? {
        if let chosen = environment["RXTRACE_SYMBOLIZER"], !chosen.isEmpty {
            guard chosen != "none" else { return nil }
            let kind: Kind = chosen.hasSuffix("addr2line") ? .addr2line : .llvmSymbolizer
            return Symbolizer(path: chosen, kind: kind)
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        let files = FileManager.default
        for folder in folders {
            let swiftc = folder + "/swiftc"
            guard files.isExecutableFile(atPath: swiftc) else { continue }
            let toolchain = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent()
            let candidate = toolchain.appendingPathComponent("llvm-symbolizer").path
            if files.isExecutableFile(atPath: candidate) { return Symbolizer(path: candidate, kind: .llvmSymbolizer) }
        }
        for kind in [Kind.llvmSymbolizer, .addr2line] {
            for folder in folders where files.isExecutableFile(atPath: folder + "/" + kind.rawValue) {
                return Symbolizer(path: folder + "/" + kind.rawValue, kind: kind)
            }
        }
        return nil
    }

    /// The inline chain, innermost first, of each of `addresses` (return addresses, as the
    /// file's own virtual addresses) in the file at `image`; an address the tool could not name
    /// gets one frame without a file.
    ///
    /// Each is looked up one byte back, inside the call instruction: a return address is the
    /// instruction after the call, which may belong to the next line.
    ///
    /// - Throws: when the tool cannot be run.
    func symbolize(_ addresses: [UInt], in image: String) throws -> [UInt: [CallerFrame]] {
        guard !addresses.isEmpty else { return [:] }
        let arguments =
            switch kind {
            case .llvmSymbolizer: ["--obj=" + image, "--inlines", "--functions=linkage", "--demangle"]
            case .addr2line: ["-e", image, "-a", "-f", "-i", "-C"]
            }
        let text = try run(arguments, asking: addresses.map { Self.lookUp($0) })
        return chainsByAddress(addresses, text)
    }

    /// ``symbolize(_:in:)`` for several files at once, in the order asked; `llvm-symbolizer`
    /// answers for all of them in one run (a run costs 0.1–0.3 s of wall time on a loaded
    /// machine, most of it loading the tool itself), `addr2line` in one run per file. A file
    /// whose addresses could not be named maps to `nil`, and the others are still answered.
    ///
    /// - Throws: when `llvm-symbolizer` cannot be run.
    func symbolize(_ requests: [(image: String, addresses: [UInt])]) throws -> [[UInt: [CallerFrame]]?] {
        let asked = requests.filter { !$0.addresses.isEmpty }
        // A path with a quote or a line break cannot be named on llvm-symbolizer's input.
        guard kind == .llvmSymbolizer, asked.count > 1,
            !asked.contains(where: { $0.image.contains("\"") || $0.image.contains("\n") })
        else {
            return requests.map { try? symbolize($0.addresses, in: $0.image) }
        }
        let lines = asked.flatMap { request in
            request.addresses.map { "\"\(request.image)\" " + Self.lookUp($0) }
        }
        let chains = Self.readLLVM(try run(["--inlines", "--functions=linkage", "--demangle"], asking: lines))
        var next = 0
        return requests.map { request in
            var result: [UInt: [CallerFrame]] = [:]
            for address in request.addresses {
                let chain = next < chains.count ? chains[next] : []
                result[address] = chain.isEmpty ? [CallerFrame(function: nil, file: nil, line: nil)] : chain
                next += 1
            }
            return result
        }
    }

    /// What the tool is asked for a return address: the byte before it, as hexadecimal.
    private static func lookUp(_ address: UInt) -> String {
        "0x" + String(address - 1, radix: 16)
    }

    /// Runs the tool with `arguments`, writes `lines` to it and returns everything it printed.
    ///
    /// - Throws: when the tool cannot be run, or did not answer within ``patience`` and was
    ///   killed (``TimedOut``).
    private func run(_ arguments: [String], asking lines: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let watchdog = ToolWatchdog(processID: process.processIdentifier, patience: patience)
        // A tool killed, or dead, before it read everything: the write fails, and the output
        // ends.
        try? ToolWatchdog.withBrokenPipeAsAnError {
            try input.fileHandleForWriting.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
        }
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        // Disarmed before the process is reaped, so its id cannot have gone to another.
        let answeredInTime = watchdog.disarm()
        process.waitUntilExit()
        guard answeredInTime else { throw TimedOut(tool: path, seconds: patience) }
        return String(decoding: data, as: UTF8.self)
    }

    /// The tool did not answer within its patience and was killed.
    struct TimedOut: Error, CustomStringConvertible {
        /// The tool's path.
        let tool: String
        /// How long it was given.
        let seconds: TimeInterval

        var description: String {
            "\(tool) did not answer within \(seconds.formatted(.number.precision(.fractionLength(0...1)))) s and was stopped"
        }
    }

    /// Each of `addresses` with its chain in the tool's answer `text`, in the order asked.
    private func chainsByAddress(_ addresses: [UInt], _ text: String) -> [UInt: [CallerFrame]] {
        let chains = kind == .llvmSymbolizer ? Self.readLLVM(text) : Self.readAddr2line(text)
        var result: [UInt: [CallerFrame]] = [:]
        for (index, address) in addresses.enumerated() {
            let chain = index < chains.count ? chains[index] : []
            result[address] = chain.isEmpty ? [CallerFrame(function: nil, file: nil, line: nil)] : chain
        }
        return result
    }

    /// llvm-symbolizer's answer: per address, pairs of lines (function, `file:line:column`),
    /// then a blank line.
    static func readLLVM(_ text: String) -> [[CallerFrame]] {
        var chains: [[CallerFrame]] = []
        var current: [CallerFrame] = []
        var function: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty {
                if function != nil || !current.isEmpty { chains.append(current) }
                current = []
                function = nil
            } else if let name = function {
                current.append(frame(function: name, location: String(line), hasColumn: true))
                function = nil
            } else {
                function = String(line)
            }
        }
        if !current.isEmpty { chains.append(current) }
        return chains
    }

    /// addr2line's answer (`-a -f -i`): per address, the address, then pairs of lines
    /// (function, `file:line`).
    static func readAddr2line(_ text: String) -> [[CallerFrame]] {
        var chains: [[CallerFrame]] = []
        var function: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("0x"), function == nil {
                chains.append([])
            } else if let name = function {
                chains[chains.count - 1].append(frame(function: name, location: String(line), hasColumn: false))
                function = nil
            } else if !chains.isEmpty {
                function = String(line)
            }
        }
        return chains
    }

    /// A frame from `function` and `file:line[:column]`; `??` means unknown.
    private static func frame(function: String, location: String, hasColumn: Bool) -> CallerFrame {
        // addr2line may add " (discriminator 2)".
        let location = location.split(separator: " ").first.map(String.init) ?? location
        var parts = location.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        if hasColumn, parts.count >= 3 { parts.removeLast() }
        let line = parts.count >= 2 ? Int(parts.removeLast()) : nil
        let file = parts.joined(separator: ":")
        let isKnown = !file.isEmpty && file != "??" && (line ?? 0) > 0
        return CallerFrame(
            function: function == "??" ? nil : demangled(function), file: isKnown ? file : nil,
            line: isKnown ? line : nil
        )
    }

    /// A Swift symbol as Swift spells it (`$s10RxExamples…cfc` →
    /// `RxExamples.GreetingViewModel.init() -> …`), by the runtime's own demangler; any other
    /// name as it is (the symbolizers demangle C++ only).
    static func demangled(_ symbol: String) -> String {
        guard symbol.hasPrefix("$s") || symbol.hasPrefix("_$s") else { return symbol }
        return symbol.withCString { name in
            guard let text = swiftDemangle(name, UInt(strlen(name)), nil, nil, 0) else { return symbol }
            defer { free(text) }
            return String(cString: text)
        }
    }
}

/// The Swift runtime's demangler (`swift_demangle`, exported by libswiftCore): returns a
/// `malloc`ed string, or `nil` for a name that is not a Swift symbol.
@_silgen_name("swift_demangle")
private func swiftDemangle(
    _ mangledName: UnsafePointer<CChar>?, _ mangledNameLength: UInt, _ outputBuffer: UnsafeMutablePointer<CChar>?,
    _ outputBufferSize: UnsafeMutablePointer<UInt>?, _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?
