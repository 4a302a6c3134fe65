#if CLI
import TextEffectsCLI

// The command line with the built-in effects; a program of your own passes its effects too.
TextEffectsCLI.main()
#else
import Foundation

// Built with the package trait `CLI` off (`swift build --disable-default-traits`): there is no
// command line to run. Not an `#error`, because SwiftPM builds every target of the root package,
// and a library-only build of texteffects must succeed; a program that runs and says why it does
// nothing is what `swift run` users expect, and exit status 1 (not 2: nothing the user gave is wrong).
FileHandle.standardError.write(Data("""
    texteffects: built without its CLI trait (swift build --disable-default-traits), so there is no command line; \
    build with the default traits, or with --traits CLI

    """.utf8))
exit(1)
#endif
