public import Reductor

/// ReactableKit's name for Reductor's `Instrumentation`, for code that migrates: `ReactableInstrument`
/// `.enabledByDefault`, `.filter`, `.report()`, `.onEvent`, `.onTargetEvent`, `.Options`,
/// `.Target` work as they did, on every store of the package. See the Instrumentation article of
/// the Reductor module for what differs (durations are `Duration`s; the environment variable is
/// also read as `REDUCTOR_INSTRUMENT`).
public typealias ReactableInstrument = Instrumentation
