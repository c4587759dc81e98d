import Foundation
import ZappCore
import ZappPlugins

/// Image decode + draw time: a 1280×720 photograph-like PNG (gradients under fine noise, which
/// compresses as photographs do, about 2 MB) decoded by libpng and drawn by chafa into a 40×10
/// symbols box, the loader's work for one image (`ImageLoader.prepare`: decode, symbols, dominant
/// colour, the PNG kept for exports), without the fetch.
enum ImageDecodeTime {
    static func run(into table: inout ResultTable, quick: Bool) throws {
        let (width, height) = (1280, 720)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var seed: UInt32 = 12_345
        for y in 0..<height {
            for x in 0..<width {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let noise = Int(seed >> 28) - 8
                let index = (y * width + x) * 4
                pixels[index] = UInt8(clamping: x * 255 / width + noise)
                pixels[index + 1] = UInt8(clamping: y * 255 / height + noise)
                pixels[index + 2] = UInt8(clamping: 128 + (x - y) / 10 + noise)
            }
        }
        let png: [UInt8]
        switch ImageLoader.encodePNG(width: width, height: height, rgba: pixels) {
        case .success(let encoded): png = encoded
        case .failure(let error): throw BenchApp.LoadFailure(description: "cannot make the benchmark PNG: \(error)")
        }
        let request = ImageRequest(address: "bench.png", jsonPath: "$.bench", columns: 40, rows: 10)
        var samples = Samples()
        for attempt in 0..<(quick ? 5 : 30) {
            let clock = ContinuousClock()
            let start = clock.now
            let result = ImageLoader.prepare(png, request: request, mode: .symbols)
            let elapsed = clock.now - start
            // 16:9 in a 40×10 box of 1:2 cells keeps its aspect ratio at 35×10.
            guard case .success(let image) = result, image.rows == 10, (1...40).contains(image.columns) else {
                let reason = (try? result.get()).map { "a \($0.columns)×\($0.rows) box" } ?? "\(result)"
                throw BenchApp.LoadFailure(description: "the benchmark PNG was not prepared: \(reason)")
            }
            if attempt > 1 { samples.append(elapsed) }
        }
        table.add(
            "Image decode + draw, 1280×720 PNG (\(Format.megabytes(Double(png.count)))) into 40×10 symbol cells",
            "median \(Format.milliseconds(samples.median)), p99 \(Format.milliseconds(samples.p99))",
            budget: "≤ 40 ms", within: samples.median <= 40_000_000)
    }
}
