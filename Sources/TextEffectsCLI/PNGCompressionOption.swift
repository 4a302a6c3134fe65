// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import TextEffects

/// `--png-compression portable|fast`: how PNG outputs are compressed (see `PNGCompression`).
struct PNGCompressionOption: ParsableArguments {
    @Option(name: .customLong("png-compression"),
            help: ArgumentHelp("portable: the same bytes on every machine (libdeflate); fast: about 5× quicker to compress (ISA-L's igzip), files about 15 % larger, the same pixels everywhere and the same bytes on every x86-64 machine with SSE4.2, but not on ARM64.",
                               valueName: "portable|fast"))
    var compression: PNGCompression = .portable
}

extension PNGCompression: ExpressibleByArgument {}
#endif
