// `--profile W1s/recorded --producer-ratio N`: the producer's slowdown in one process, measured
// in pairs, for comparing two builds of the recorder quickly on a shared machine.

import Foundation
import RxTrace

/// Runs `workload` `pairs` times unrecorded and recorded at `detail`, alternately, and prints
/// each pair's producing thread's wall and CPU time (recorded ÷ unrecorded), their medians, and
/// the fastest recorded run over the fastest unrecorded one (the least disturbed by other load).
///
/// Each pair's two runs follow each other, so a change in the machine's load between pairs
/// moves both; the unrecorded run is warm (the first pair's warm-up is not counted). The
/// recorded run is timed up to the workload's return, not `stop()`: the producer's side only.
func printProducerRatios(of workload: () -> Int, detail: RecordingDetail, pairs: Int) throws {
    let path = NSTemporaryDirectory() + "rxtrace-bench-ratio-\(getpid()).sqlite"
    var wallRatios: [Double] = []
    var cpuRatios: [Double] = []
    var fastest = (unrecorded: Double.infinity, recorded: Double.infinity)
    _ = workload()
    for pair in 1...pairs {
        let unrecorded = timedOnThisThread(workload)
        let recording = try record(to: path, program: "rxtrace-bench", detail: detail)
        let recorded = timedOnThisThread(workload)
        try recording.stop()
        for file in [path, path + "-wal", path + "-shm"] {
            unlink(file)
        }
        fastest = (min(fastest.unrecorded, unrecorded.wall), min(fastest.recorded, recorded.wall))
        wallRatios.append(recorded.wall / unrecorded.wall)
        cpuRatios.append(recorded.cpu / unrecorded.cpu)
        print(
            "pair \(pair): unrecorded \(format(unrecorded.wall * 1e3, 2)) ms, recorded \(format(recorded.wall * 1e3, 2)) ms:"
                + " wall \(format(wallRatios.last!, 2))×, CPU \(format(cpuRatios.last!, 2))×")
    }
    let wall = Summary(wallRatios)
    let cpu = Summary(cpuRatios)
    print(
        "producer wall ÷ unrecorded \(format(wall.median, 2))× (\(format(wall.minimum, 2))–\(format(wall.maximum, 2))),"
            + " CPU \(format(cpu.median, 2))× (\(format(cpu.minimum, 2))–\(format(cpu.maximum, 2))), \(pairs) pairs;"
            + " fastest recorded ÷ fastest unrecorded \(format(fastest.recorded / fastest.unrecorded, 2))×"
            + " (\(format(fastest.recorded * 1e3, 2)) ÷ \(format(fastest.unrecorded * 1e3, 2)) ms)")
}

/// The wall and CPU seconds `body` took on the calling thread.
private func timedOnThisThread(_ body: () -> Int) -> (wall: Double, cpu: Double) {
    let wallStart = monotonicNanoseconds()
    let cpuStart = threadCPUNanoseconds()
    _ = body()
    let cpu = Double(threadCPUNanoseconds() - cpuStart) / 1e9
    return (Double(monotonicNanoseconds() - wallStart) / 1e9, cpu)
}
