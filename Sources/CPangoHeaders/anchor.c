/* SwiftPM builds a C target from at least one source; this target exists only for its include
   folder (see Package.swift), so this file is empty on purpose. */
