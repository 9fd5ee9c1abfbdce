/// Calls `body` with the object `reference` points to, which something else keeps alive meanwhile,
/// without retaining it: Swift retains an object it reads from an array, or takes from an
/// `Unmanaged`, around each use. Not `Unmanaged._withUnsafeGuaranteedRef` called from main-actor
/// code: a main-actor closure passed to the standard library checks the executor when it runs,
/// which would trade the retain for that check (see Benchmarks/NOTES.md).
@inlinable
func withUnretained<Object: AnyObject, Result>(
  _ reference: Unmanaged<Object>, _ body: (Object) -> Result
) -> Result {
  reference._withUnsafeGuaranteedRef(body)
}
