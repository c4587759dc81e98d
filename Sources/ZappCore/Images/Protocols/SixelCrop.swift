/// A rectangle cut out of a sixel image, colour registers and all: the image's pixels are read
/// back as register numbers, cut, and written again with the same registers, so the part a pane
/// leaves visible is pixel for pixel what the whole image showed there (encoding the part again
/// would choose another palette). Pixels no sixel sets stay transparent (`P2=1`). Pure.
public enum SixelCrop {
    /// The part of `sixel` (a DCS … ST as chafa writes it) at `x`, `y` of `width` × `height`
    /// pixels, nil when the bytes are not a sixel image or the rectangle is outside it.
    public static func crop(_ sixel: [UInt8], x: Int, y: Int, width: Int, height: Int) -> [UInt8]? {
        guard let image = decode(sixel), x >= 0, y >= 0, width > 0, height > 0, x < image.width, y < image.height else { return nil }
        let (partWidth, partHeight) = (min(width, image.width - x), min(height, image.height - y))
        var pixels = [Int16](repeating: -1, count: partWidth * partHeight)
        for row in 0..<partHeight {
            for column in 0..<partWidth { pixels[row * partWidth + column] = image.pixels[(y + row) * image.width + x + column] }
        }
        return encode(width: partWidth, height: partHeight, pixels: pixels, registers: image.registers)
    }

    /// A decoded sixel image: register numbers (-1: no pixel) and each register's definition
    /// as written (`#n;2;r;g;b`).
    struct Decoded {
        var width: Int
        var height: Int
        var pixels: [Int16]
        var registers: [Int: [UInt8]]
    }

    static func decode(_ bytes: [UInt8]) -> Decoded? {
        guard bytes.count > 4, bytes[0] == 0x1B, bytes[1] == UInt8(ascii: "P"),
            let q = bytes.firstIndex(of: UInt8(ascii: "q"))
        else { return nil }
        var index = q + 1
        var width = 0, height = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            let numbers = readNumbers(bytes, &index, from: index + 1)
            if numbers.count >= 4 { (width, height) = (numbers[2], numbers[3]) }
        }
        // First pass: the extent the data draws (raster attributes may be absent or smaller).
        var bands: [(x: Int, band: Int, register: Int, bits: UInt8, count: Int)] = []
        var registers: [Int: [UInt8]] = [:]
        var (x, band, register, maxX) = (0, 0, 0, 0)
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B: index = bytes.count
            case UInt8(ascii: "#"):
                let start = index
                let numbers = readNumbers(bytes, &index, from: index + 1)
                guard let number = numbers.first else { return nil }
                register = number
                if numbers.count >= 5 { registers[number] = Array(bytes[start..<index]) }
                continue
            case UInt8(ascii: "!"):
                let numbers = readNumbers(bytes, &index, from: index + 1)
                guard let count = numbers.first, index < bytes.count, (0x3F...0x7E).contains(bytes[index]) else { return nil }
                bands.append((x, band, register, bytes[index] - 0x3F, count))
                x += count
            case UInt8(ascii: "$"): x = 0
            case UInt8(ascii: "-"):
                x = 0
                band += 1
            case 0x3F...0x7E:
                bands.append((x, band, register, byte - 0x3F, 1))
                x += 1
            default: break
            }
            maxX = max(maxX, x)
            index += 1
        }
        if width <= 0 { width = maxX }
        if height <= 0 { height = (bands.map(\.band).max() ?? -1) * 6 + 6 }
        guard width > 0, height > 0, width * height <= 16_777_216 else { return nil }
        var pixels = [Int16](repeating: -1, count: width * height)
        for run in bands where run.bits != 0 {
            for bit in 0..<6 where run.bits & (1 << bit) != 0 {
                let row = run.band * 6 + bit
                guard row < height else { continue }
                for column in run.x..<min(run.x + run.count, width) { pixels[row * width + column] = Int16(run.register) }
            }
        }
        return Decoded(width: width, height: height, pixels: pixels, registers: registers)
    }

    /// Reads `n;n;n…` from `start`, leaving `index` on the first byte after them.
    private static func readNumbers(_ bytes: [UInt8], _ index: inout Int, from start: Int) -> [Int] {
        var numbers: [Int] = []
        var current: Int?
        index = start
        while index < bytes.count {
            let byte = bytes[index]
            if (0x30...0x39).contains(byte) {
                current = min(1 << 24, (current ?? 0) * 10 + Int(byte - 0x30))
            } else if byte == UInt8(ascii: ";") {
                numbers.append(current ?? 0)
                current = nil
            } else {
                break
            }
            index += 1
        }
        if let current { numbers.append(current) }
        return numbers
    }

    /// Sixel bytes for `pixels` (register numbers, -1 none) with the registers' definitions.
    static func encode(width: Int, height: Int, pixels: [Int16], registers: [Int: [UInt8]]) -> [UInt8] {
        var output = Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
        let used = Set(pixels.filter { $0 >= 0 }.map(Int.init))
        for number in used.sorted() { output += registers[number] ?? Array("#\(number);2;0;0;0".utf8) }
        for top in stride(from: 0, to: height, by: 6) {
            var colours: [Int: [UInt8]] = [:]
            for column in 0..<width {
                for bit in 0..<min(6, height - top) {
                    let value = pixels[(top + bit) * width + column]
                    guard value >= 0 else { continue }
                    colours[Int(value), default: [UInt8](repeating: 0, count: width)][column] |= 1 << bit
                }
            }
            for (offset, number) in colours.keys.sorted().enumerated() {
                if offset > 0 { output.append(UInt8(ascii: "$")) }
                output += Array("#\(number)".utf8)
                let line = colours[number]!
                let end = (line.lastIndex { $0 != 0 } ?? -1) + 1
                var column = 0
                while column < end {
                    var run = 1
                    while column + run < end, line[column + run] == line[column] { run += 1 }
                    let char = line[column] + 0x3F
                    if run > 3 {
                        output += Array("!\(run)".utf8)
                        output.append(char)
                    } else {
                        output += [UInt8](repeating: char, count: run)
                    }
                    column += run
                }
            }
            output.append(UInt8(ascii: "-"))
        }
        return output + Array("\u{1B}\\".utf8)
    }
}
