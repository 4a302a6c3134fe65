#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

// `read(2)` and `kill(2)` under names that no method called `read` or `kill` shadows, from
// whichever C library this platform has (the callers used to write `Glibc.read`, which names
// Linux's and breaks the build elsewhere).

/// `read(2)`.
@inline(__always)
package func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.read(descriptor, buffer, count)
    #elseif canImport(Android)
    Android.read(descriptor, buffer, count)
    #elseif canImport(Darwin)
    Darwin.read(descriptor, buffer, count)
    #else
    #error("read(2): name this platform's C library in SystemCalls.swift")
    #endif
}

/// `kill(2)`.
@inline(__always)
package func systemKill(_ pid: pid_t, _ signal: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.kill(pid, signal)
    #elseif canImport(Musl)
    Musl.kill(pid, signal)
    #elseif canImport(Android)
    Android.kill(pid, signal)
    #elseif canImport(Darwin)
    Darwin.kill(pid, signal)
    #else
    #error("kill(2): name this platform's C library in SystemCalls.swift")
    #endif
}
