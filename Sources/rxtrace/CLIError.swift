import ArgumentParser
import Foundation
import RxTrace

/// A failure the user caused or can fix: printed as one line on stderr, with its exit code.
struct CLIError: Error, CustomStringConvertible {
    /// The one line to print, without the `rxtrace: error:` prefix.
    let description: String
    /// 2 for bad input.
    let exitCode: Int32

    /// Bad input: a file, an argument or a query the tool cannot use.
    static func badInput(_ message: String) -> CLIError {
        CLIError(description: message, exitCode: 2)
    }
}

/// Exit code 1: the report found leaks and `--fail-on-leaks` was given.
struct LeaksFound: Error {}

/// Exit code 1: `diff --fail-on-new-leaks` found leaks the second trace has and the first had
/// not; they are named on stderr.
struct NewLeaksFound: Error {
    /// The new leaks, in one line: `subscription at App/Main.swift:7 never ended; …`.
    let summary: String
}

extension RxTraceCommand {
    /// Parses and runs the command; every error becomes one line on stderr and an exit code:
    /// 2 for bad input (argument-parser alone would use 1 for thrown errors and 64 for usage).
    /// Under a file-size limit (`ulimit -f`) a write past it fails with "file too large",
    /// reported like any other write error, instead of SIGXFSZ killing the tool mid-report.
    static func main() {
        signal(SIGXFSZ, SIG_IGN)
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as CLIError {
            fail(error.description, exitCode: error.exitCode)
        } catch let error as TraceFileError {
            fail(error.description, exitCode: 2)
        } catch let error as ReportError {
            fail(error.description, exitCode: 2)
        } catch let error as SQLiteError {
            fail("SQL error: \(error.message)", exitCode: 2)
        } catch is LeaksFound {
            Foundation.exit(1)
        } catch let error as NewLeaksFound {
            let line = "rxtrace: B leaks where A did not: " + error.summary
            FileHandle.standardError.write(Data((TerminalText.escaped(line) + "\n").utf8))
            Foundation.exit(1)
        } catch {
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }
            fail(usageMessage(for: error), exitCode: 2)
        }
    }

    /// The one line a usage error (an unknown option, a missing argument) prints: the
    /// parser's message without its usage text, and, when an argument that looks like SQL
    /// was taken for an option, how to pass it.
    private static func usageMessage(for error: any Error) -> String {
        var message = message(for: error)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: " ")
        if message.hasPrefix("Error: ") {
            message.removeFirst("Error: ".count)
        }
        let arguments = CommandLine.arguments.dropFirst()
        if !arguments.contains("--"),
            arguments.contains(where: { $0.hasPrefix("--") && $0.contains(where: \.isWhitespace) })
        {
            message +=
                " (an argument that starts with -- is read as an option: put -- before SQL that begins with a comment)"
        }
        return message.isEmpty ? "bad arguments; see rxtrace --help" : message
    }

    private static func fail(_ message: String, exitCode: Int32) -> Never {
        let line = "rxtrace: error: " + TerminalText.escaped(message.replacingOccurrences(of: "\n", with: " ")) + "\n"
        FileHandle.standardError.write(Data(line.utf8))
        Foundation.exit(exitCode)
    }
}
