import Foundation
import Testing

/// JPEG and WebP files made at test time by the real encoders (`cjpeg` of libjpeg-turbo-progs,
/// `cwebp` and `img2webp` of webp, installed by scripts/install-deps.sh), and headers crafted
/// byte by byte to declare sizes no file of the test holds.
enum PhotoFixtures {
    struct ToolFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// An RGB pixel of a fixture, and its alpha for PAM (RGBA) input.
    struct Pixel: Equatable {
        var r, g, b: UInt8
        var a: UInt8 = 255
    }

    /// A binary PPM (P6), the RGB input `cjpeg` reads.
    static func ppm(width: Int, height: Int, _ pixel: (Int, Int) -> Pixel) -> Data {
        var data = Data("P6\n\(width) \(height)\n255\n".utf8)
        for y in 0..<height { for x in 0..<width { let p = pixel(x, y); data.append(contentsOf: [p.r, p.g, p.b]) } }
        return data
    }

    /// A binary PGM (P5), greyscale input for `cjpeg`.
    static func pgm(width: Int, height: Int, level: UInt8) -> Data {
        Data("P5\n\(width) \(height)\n255\n".utf8) + Data(repeating: level, count: width * height)
    }

    /// A PAM (P7, RGB_ALPHA), the RGBA input `cwebp` and `img2webp` read.
    static func pam(width: Int, height: Int, _ pixel: (Int, Int) -> Pixel) -> Data {
        var data = Data("P7\nWIDTH \(width)\nHEIGHT \(height)\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8)
        for y in 0..<height { for x in 0..<width { let p = pixel(x, y); data.append(contentsOf: [p.r, p.g, p.b, p.a]) } }
        return data
    }

    /// Runs `tool arguments…` (found on PATH) in a scratch folder holding `inputs`, and returns
    /// the bytes of its file `output` (or its standard output when `output` is nil).
    static func run(_ tool: String, _ arguments: [String], inputs: [String: Data], output: String?) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-photos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, data) in inputs { try data.write(to: folder.appendingPathComponent(name)) }
        let stdoutURL = folder.appendingPathComponent("stdout"), stderrURL = folder.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let stderr = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
            throw ToolFailure(description: "\(tool) \(arguments.joined(separator: " ")) exited \(process.terminationStatus) "
                + "(install it with scripts/install-deps.sh): \(stderr)")
        }
        return try Data(contentsOf: output.map { folder.appendingPathComponent($0) } ?? stdoutURL)
    }

    /// `cjpeg arguments… input`: a JPEG of a PPM or PGM.
    static func cjpeg(_ input: Data, _ arguments: [String] = []) throws -> Data {
        try run("cjpeg", arguments + ["-outfile", "out.jpg", "in.pnm"], inputs: ["in.pnm": input], output: "out.jpg")
    }

    /// `cwebp arguments… input`: a WebP of a PAM.
    static func cwebp(_ input: Data, _ arguments: [String] = []) throws -> Data {
        try run("cwebp", ["-quiet"] + arguments + ["in.pam", "-o", "out.webp"], inputs: ["in.pam": input], output: "out.webp")
    }

    /// `img2webp`: an animated WebP of PAM frames, 100 ms each, lossless.
    static func animatedWebP(_ frames: [Data]) throws -> Data {
        var inputs: [String: Data] = [:]
        var arguments = ["-loop", "0", "-lossless", "-d", "100"]
        for (index, frame) in frames.enumerated() {
            inputs["f\(index).pam"] = frame
            arguments.append("f\(index).pam")
        }
        return try run("img2webp", arguments + ["-o", "out.webp"], inputs: inputs, output: "out.webp")
    }

    /// `djpeg -dct int -pnm`: libjpeg-turbo's own tool's RGB pixels of a JPEG (the accurate
    /// integer IDCT, as the renderer's decoder pins), as rows of R, G, B bytes.
    static func djpegPixels(_ jpeg: Data) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let ppm = try run("djpeg", ["-dct", "int", "-pnm", "in.jpg"], inputs: ["in.jpg": jpeg], output: nil)
        // "P6\nW H\n255\n" then the samples.
        var fields: [String] = [], index = ppm.startIndex, current = ""
        while fields.count < 4, index < ppm.endIndex {
            let byte = ppm[index]
            index += 1
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                if !current.isEmpty { fields.append(current); current = "" }
            } else {
                current.append(Character(UnicodeScalar(byte)))
            }
        }
        guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]) else {
            throw ToolFailure(description: "djpeg gave no P6 image: \(fields)")
        }
        return (width, height, [UInt8](ppm[index...]))
    }

    /// A JPEG of only its headers: SOI, a baseline frame header (SOF0) declaring `width` ×
    /// `height` and `components` (4: CMYK), and a scan header (SOS); no tables, no pixel data.
    static func jpegHeader(width: Int, height: Int, components: Int = 3) -> Data {
        var data: [UInt8] = [0xFF, 0xD8]
        data += [0xFF, 0xC0, 0, UInt8(8 + 3 * components), 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), UInt8(components)]
        for id in 1...components { data += [UInt8(id), 0x11, 0] }
        data += [0xFF, 0xDA, 0, UInt8(6 + 2 * components), UInt8(components)]
        for id in 1...components { data += [UInt8(id), 0] }
        data += [0, 63, 0]
        return Data(data)
    }

    /// A WebP of only its RIFF header and a VP8X chunk declaring a `width` × `height` canvas
    /// (up to 2^24 a side; a VP8 or VP8L bitstream holds at most 16383).
    static func webpHeader(width: Int, height: Int) -> Data {
        func le(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        var data: [UInt8] = Array("RIFF".utf8) + le(4 + 8 + 10, 4) + Array("WEBP".utf8)
        data += Array("VP8X".utf8) + le(10, 4) + [0, 0, 0, 0] + le(width - 1, 3) + le(height - 1, 3)
        return Data(data)
    }

    /// A JPEG cut in the middle of its first scan's data (its headers whole).
    static func cutInsideScan(_ jpeg: Data) -> Data {
        let bytes = [UInt8](jpeg)
        var i = 2
        while i + 3 < bytes.count, bytes[i] == 0xFF, bytes[i + 1] != 0xDA { i += 2 + (Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])) }
        let scan = i + 2 + (Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]))
        return jpeg.prefix(scan + (bytes.count - scan) / 2)
    }

    /// The byte offset of a JPEG's first frame header's height (`FF C0`/`FF C2` + 5).
    static func frameHeaderSizeOffset(_ jpeg: Data) -> Int? {
        let bytes = [UInt8](jpeg)
        var i = 2
        while i + 9 < bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1], length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if marker == 0xC0 || marker == 0xC2 { return i + 5 }
            i += 2 + length
        }
        return nil
    }
}
