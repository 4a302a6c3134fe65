import CCairo
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Every `RenderError` case says what it said when it was a string.
@Suite struct RenderErrorTests {
    static let messages: [(RenderError, String)] = [
        (RenderError(status: CAIRO_STATUS_NO_MEMORY, while: "creating a 10×20 image"), "creating a 10×20 image: out of memory"),
        (.cairo(doing: "reading logo.png", status: "file not found"), "reading logo.png: file not found"),
        (.sizeOutOfRange(width: 0, height: 40000), "image size 0×40000 is out of range (1–32767 pixels a side)"),
        (.compressorUnavailable(library: "libdeflate"), "libdeflate could not allocate a compressor"),
        (.compressorUnavailable(library: "zlib"), "zlib could not allocate a compressor"),
        (.deflateFailed(count: 4096), "libdeflate could not compress 4096 bytes of scanlines"),
        (.zlibFailed(count: 4096, status: -2), "zlib could not compress 4096 bytes of scanlines (status -2)"),
        (.uniformRowsFailed, "zlib could not compress rows of one colour"),
        (.zlibResetFailed, "zlib could not reset its stream"),
        (.igzipFailed(count: 4096, status: -3), "igzip could not compress 4096 bytes of scanlines (status -3)"),
        (.notCompressed, "not compressed"),
        (.other("anything else"), "anything else"),
    ]

    @Test(arguments: messages) func message(_ error: RenderError, _ expected: String) {
        #expect(error.description == expected)
    }

    @Test func surfaceOutOfRangeThrowsItsCase() {
        #expect(throws: RenderError.sizeOutOfRange(width: 40000, height: 1)) { try ImageSurface(width: 40000, height: 1) }
    }
}
