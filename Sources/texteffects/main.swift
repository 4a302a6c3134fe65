import TextEffectsCLI

// The command line with the built-in effects; a program of your own passes its effects too.
TextEffectsCLI.main()
