import Reductor

/// A chat room's tally: how many posts its clients made, the sum of their amounts, and how many
/// posts an archive, written off the room's actor, has seen.
enum RoomFeature {
  struct State: Equatable, Sendable {
    var posts = 0
    var total = 0
    var archivedPosts = 0
  }

  enum Action: Sendable {
    case post(client: Int, amount: Int)
    case archived(posts: Int)
  }

  struct Reducer: Reductor.Reducer {
    /// The room archives itself after every this many posts.
    let archiveEvery: Int

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .post(_, let amount):
        state.posts += 1
        state.total += amount
        guard state.posts.isMultiple(of: archiveEvery) else { return .none }
        // Stands for a write to storage: it runs off the room's actor, and its answer comes
        // back to the room.
        let posts = state.posts
        return .run { .archived(posts: posts) }
      case .archived(let posts):
        state.archivedPosts = max(state.archivedPosts, posts)
        return .none
      }
    }
  }
}
