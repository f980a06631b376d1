import Foundation
import Glibc

/// One `llvm-symbolizer` run beside a recording, asked each caller address as the writer first
/// meets it and answering on a thread of its own, so completing the trace waits only for the
/// answers still outstanding instead of for a whole run of the tool (0.1–0.3 s on a loaded
/// machine, most of it the tool loading itself and the program's debug information).
///
/// A ``TraceWriter`` makes one when its recording starts, asks it for every distinct caller
/// address it interns (``ask(_:in:)``), and takes the answers when the trace is finished
/// (``answers()``), or stops it (``cancel()``) when the run ends otherwise. It answers only
/// with `llvm-symbolizer`, which reads one address per line and answers each before reading
/// the next; with `addr2line`, or when the tool fails, the writer runs the tool in one batch at
/// the end as before. A tool that gives no answer for its ``Symbolizer/patience`` is killed,
/// and the trace is finished without the lines (``hasTimedOut``).
final class BackgroundSymbolizer {
    /// The tool, which must be `llvm-symbolizer`.
    let symbolizer: Symbolizer

    /// Guards every `synchronized_` property below; the feeding thread waits on it for
    /// questions, ``answers()`` for the last answer.
    private let condition = NSCondition()
    /// The lines to ask that the feeding thread has not taken yet, with the address each asks
    /// for. Guarded by `condition`.
    private var synchronized_questions: [(address: UInt, line: String)] = []
    /// Each answered address's inline chain, innermost first. Guarded by `condition`.
    private var synchronized_answered: [UInt: [CallerFrame]] = [:]
    /// Set when no more questions come: the feeding thread answers what is left and stops.
    /// Guarded by `condition`.
    private var synchronized_isClosed = false
    /// Set when the thread stopped asking: the tool failed, or `cancel()` was called. Guarded
    /// by `condition`.
    private var synchronized_hasFailed = false
    /// Set once the feeding thread asks no more: every answer it will give is in. Guarded by
    /// `condition`.
    private var synchronized_isDone = false
    /// Set when ``answers()`` gave up on a tool that answered nothing for its patience. Guarded
    /// by `condition`.
    private var synchronized_hasTimedOut = false
    /// The tool's process id once it started. Guarded by `condition`.
    private var synchronized_processID: Int32?
    /// The addresses already asked, so each is asked once; the writer thread's.
    private var askedAddresses: Set<UInt> = []

    /// Starts `symbolizer` on a thread of its own; `nil` when it is not `llvm-symbolizer`.
    init?(_ symbolizer: Symbolizer) {
        guard symbolizer.kind == .llvmSymbolizer else { return nil }
        self.symbolizer = symbolizer
        let thread = Thread { [self] in run() }
        thread.name = "rxtrace-symbolizer"
        thread.start()
    }

    /// Asks for the line of the return address `address`, which lies in `image`; each address
    /// is asked once.
    func ask(_ address: UInt, in image: LoadedImages.Image) {
        guard askedAddresses.insert(address).inserted else { return }
        // A path with a quote or a line break cannot be named on llvm-symbolizer's input.
        guard !image.path.contains("\""), !image.path.contains("\n") else {
            fail()
            return
        }
        let line = "\"\(image.path)\" 0x" + String(address - image.loadAddress - 1, radix: 16)
        condition.lock()
        synchronized_questions.append((address, line))
        condition.signal()
        condition.unlock()
    }

    /// Waits for every answer and stops the tool; the inline chain of each address asked, or
    /// `nil` when the tool failed (the caller then symbolizes in one batch) or answered nothing
    /// for the symbolizer's patience (the tool is killed, and ``hasTimedOut`` says so).
    func answers() -> [UInt: [CallerFrame]]? {
        condition.lock()
        defer { condition.unlock() }
        synchronized_isClosed = true
        condition.broadcast()
        var answeredSoFar = synchronized_answered.count
        var deadline = Date(timeIntervalSinceNow: symbolizer.patience)
        while !synchronized_isDone {
            if condition.wait(until: deadline) || synchronized_answered.count != answeredSoFar {
                if synchronized_answered.count != answeredSoFar {
                    answeredSoFar = synchronized_answered.count
                    deadline = Date(timeIntervalSinceNow: symbolizer.patience)
                }
                continue
            }
            synchronized_hasFailed = true
            synchronized_hasTimedOut = true
            condition.broadcast()
            if let processID = synchronized_processID { kill(processID, SIGKILL) }
            return nil
        }
        return synchronized_hasFailed ? nil : synchronized_answered
    }

    /// The tool's process id once the feeding thread started it.
    var processID: Int32? {
        condition.lock()
        defer { condition.unlock() }
        return synchronized_processID
    }

    /// Whether ``answers()`` gave up on the tool: a run at the end would hang as well.
    var hasTimedOut: Bool {
        condition.lock()
        defer { condition.unlock() }
        return synchronized_hasTimedOut
    }

    /// Stops the tool without waiting for answers.
    func cancel() {
        fail()
        condition.lock()
        synchronized_isClosed = true
        condition.broadcast()
        condition.unlock()
    }

    private func fail() {
        condition.lock()
        synchronized_hasFailed = true
        condition.broadcast()
        condition.unlock()
    }

    // MARK: - The feeding thread

    /// Starts the tool, then asks it each question as it comes and reads its answer, until
    /// closed; then ends the tool.
    private func run() {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: symbolizer.path)
        process.arguments = ["--inlines", "--functions=linkage", "--demangle"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        do {
            try process.run()
        } catch {
            fail()
            markDone()
            return
        }
        Self.yieldToTheRecordedProgram(process.processIdentifier)
        condition.lock()
        synchronized_processID = process.processIdentifier
        condition.unlock()
        let reader = AnswerReader(descriptor: output.fileHandleForReading.fileDescriptor)
        while let question = nextQuestion() {
            guard
                ToolWatchdog.withBrokenPipeAsAnError({
                    Self.write(question.line + "\n", to: input.fileHandleForWriting.fileDescriptor)
                }),
                let answer = reader.nextAnswer()
            else {
                fail()
                break
            }
            let chain = Symbolizer.readLLVM(answer).first ?? []
            condition.lock()
            synchronized_answered[question.address] =
                chain.isEmpty ? [CallerFrame(function: nil, file: nil, line: nil)] : chain
            condition.unlock()
        }
        // Every answer is in: the writer need not wait for the tool to exit. It is ended with a
        // signal, not only the end of its input, which a child the program started since may
        // still hold open.
        markDone()
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }

    /// Lowers the tool's scheduling priority to the writer's (`nice` + ``RecordingSession/writerNiceness``):
    /// loading the program's debug information takes it ~0.1 s of CPU at the start of a
    /// recording, which at the program's priority would take a core from the program it
    /// records. Only the writer waits for its answers, and only when the trace is completed.
    private static func yieldToTheRecordedProgram(_ processID: Int32) {
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        let current = getpriority(which, id_t(processID))
        _ = setpriority(which, id_t(processID), min(19, current + RecordingSession.writerNiceness))
    }

    /// Says the feeding thread asks no more, waking ``answers()``.
    private func markDone() {
        condition.lock()
        synchronized_isDone = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next question, waiting for one; `nil` once closed with none left, or failed.
    private func nextQuestion() -> (address: UInt, line: String)? {
        condition.lock()
        defer { condition.unlock() }
        while synchronized_questions.isEmpty, !synchronized_isClosed, !synchronized_hasFailed {
            condition.wait()
        }
        guard !synchronized_hasFailed, !synchronized_questions.isEmpty else { return nil }
        return synchronized_questions.removeFirst()
    }

    /// Writes all of `text` to `descriptor`; `false` when the tool is gone.
    private static func write(_ text: String, to descriptor: Int32) -> Bool {
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        bytes.removeAll()
        return true
    }
}

/// Reads `llvm-symbolizer`'s answers one at a time from its output: each ends with an empty
/// line.
private final class AnswerReader {
    private let descriptor: Int32
    /// What was read past the last answer returned.
    private var pending: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next answer's text, its closing empty line included; `nil` at the end of the output.
    func nextAnswer() -> String? {
        var searchedUpTo = 0
        while true {
            if pending.count >= 2 {
                for index in max(1, searchedUpTo)..<pending.count
                where pending[index] == 0x0A && pending[index - 1] == 0x0A {
                    let answer = String(decoding: pending[...index], as: UTF8.self)
                    pending.removeSubrange(...index)
                    return answer
                }
                searchedUpTo = pending.count
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            pending.append(contentsOf: buffer[..<count])
        }
    }
}

// Every mutable property but `askedAddresses` (the writer thread's alone) is guarded by
// `condition`; the feeding thread and the writer meet only through it.
extension BackgroundSymbolizer: @unchecked Sendable {}
