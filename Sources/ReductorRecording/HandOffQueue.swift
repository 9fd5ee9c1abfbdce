public import Synchronization

/// Elements handed from the thread that appends them to the thread that takes them, in order,
/// without a lock: a recorder's main actor appends each step, and its writer takes the steps off
/// the main actor.
///
/// One thread at a time appends, and one thread at a time takes (the recorder's writer holds its
/// lock to take); the two may run at once. The elements live in fixed-size chunks linked in
/// order. An append initializes the next slot, then publishes how many elements there are
/// (`published`); a take reads that count, then moves the elements before it out of their
/// slots. The appending side links a new chunk before it publishes an element in it, and the
/// taking side lets a chunk go only once it needs the next one, which the appending side has
/// moved on to.
///
/// It is `@unchecked Sendable` because each side's fields are used by that side only, one
/// thread at a time, and the slots and links between the sides are ordered by `published`.
/// Not an array behind a lock: an append, part of every recorded send, takes no lock and never
/// grows an array (`record.file`; see Benchmarks/NOTES.md).
@usableFromInline
final class HandOffQueue<Element>: @unchecked Sendable {
  /// A run of slots, and the chunk after it: shared by the two sides as the queue is.
  @usableFromInline
  final class Chunk: @unchecked Sendable {
    @usableFromInline let slots: UnsafeMutablePointer<Element>
    /// The next chunk, linked by the appending side before it publishes an element there.
    @usableFromInline var next: Chunk?

    @usableFromInline
    init(capacity: Int) {
      slots = .allocate(capacity: capacity)
    }

    deinit {
      slots.deallocate()
    }
  }

  /// How many elements a chunk holds: about 16 KiB of them.
  @usableFromInline let chunkCapacity = max(16, 16_384 / MemoryLayout<Element>.stride)
  /// How many elements were appended, stored after each append. Sequentially consistent, with
  /// the load that follows it (`isWriterScheduled`'s, in the sink): a writer that stops because
  /// nothing waits, and loads this count after it says so, sees the append, or the appending side
  /// sees that no writer is on its way.
  @usableFromInline let published = Atomic<Int>(0)
  /// How many elements were taken: the appending side reads it to know how many wait.
  @usableFromInline let taken = Atomic<Int>(0)

  // The appending side's, unchecked: an append is part of every recorded send, and one thread
  // at a time appends, so a dynamic exclusivity check of a field would guard nothing
  // (`record.file`).
  @exclusivity(unchecked) @usableFromInline var appendingChunk: Chunk
  @exclusivity(unchecked) @usableFromInline var appendingIndex = 0
  @exclusivity(unchecked) @usableFromInline var appended = 0

  // The taking side's.
  private var takingChunk: Chunk
  private var takingIndex = 0

  @usableFromInline
  init() {
    let chunk = Chunk(capacity: chunkCapacity)
    appendingChunk = chunk
    takingChunk = chunk
  }

  deinit {
    take { _, _ in }
  }

  /// Appends `element`, and publishes it. Only the appending side calls it.
  ///
  /// - Returns: Whether the element is the first of a new chunk.
  @inlinable @inline(__always)
  @discardableResult
  func append(_ makeElement: () -> Element) -> Bool {
    let startsChunk = appendingIndex == chunkCapacity
    if startsChunk {
      let chunk = Chunk(capacity: chunkCapacity)
      appendingChunk.next = chunk
      appendingChunk = chunk
      appendingIndex = 0
    }
    (appendingChunk.slots + appendingIndex).initialize(to: makeElement())
    appendingIndex += 1
    appended += 1
    published.store(appended, ordering: .sequentiallyConsistent)
    return startsChunk
  }

  /// How many elements wait to be taken, as the appending side sees it.
  @inlinable
  var waitingCount: Int {
    appended - taken.load(ordering: .relaxed)
  }

  /// Whether no element waits to be taken, as the taking side sees it (sequentially consistent).
  var isEmpty: Bool {
    published.load(ordering: .sequentiallyConsistent) == taken.load(ordering: .relaxed)
  }

  /// Moves the elements published so far out, in order, and passes each to `body` with its
  /// index: how many elements were appended before it. Only the taking side calls it.
  func take(_ body: (_ index: Int, consuming Element) -> Void) {
    let end = published.load(ordering: .sequentiallyConsistent)
    var index = taken.load(ordering: .relaxed)
    while index < end {
      if takingIndex == chunkCapacity {
        // Linked before the element at `index` was published.
        takingChunk = takingChunk.next!
        takingIndex = 0
      }
      body(index, (takingChunk.slots + takingIndex).move())
      takingIndex += 1
      index += 1
    }
    taken.store(end, ordering: .relaxed)
  }
}
