import Reductor
import ReductorReactor
import Terminal

/// The terminal program around the view model: commands in, the list or the detail out.
@MainActor
struct ItemsProgram {
  let viewModel: ItemsViewModel
  let catalog: Catalog
  /// Writes one line of output.
  let write: @MainActor (String) -> Void

  static let help = "commands: load, add NAME, open ID, back, down, up, q"

  /// Runs until `q`, the end of input or a signal.
  func run(_ events: some AsyncSequence<TerminalEvent, Never>) async {
    write("Items — \(Self.help)")
    viewModel.start()
    // A line now, and one whenever the list's state changes.
    let rendering = viewModel.store.observe(\.itemsState) { state in
      write(Self.line(for: state))
    }
    await viewModel.send(action: .load)
    for await event in events {
      guard case .line(let line) = event else { break }
      guard let command = TerminalCommand(line) else { continue }
      if command.name == "q" { break }
      await perform(command.name, command.argument)
    }
    rendering.cancel()
    write("bye after \(viewModel.state.loads) loads")
  }

  private func perform(_ command: String, _ argument: String) async {
    switch command {
    case "load":
      await viewModel.send(action: .load)
    case "add" where !argument.isEmpty:
      // The add returns once the catalog has it. The catalog then announces the change, and
      // the subscription reloads the list: wait for that list too, before the next command.
      let loads = viewModel.state.loads
      let states = viewModel.store.states
      await viewModel.send(action: .add(argument))
      for await state in states where state.loads > loads && !state.itemsState.isLoading {
        break
      }
    case "open":
      guard let id = Int(argument), let item = viewModel.items.first(where: { $0.id == id }) else {
        write("no item \(argument)")
        return
      }
      viewModel.send(destination: .detail(item.id))
      write("detail: #\(item.id) \(item.name)")
    case "back":
      viewModel.send(destination: nil)
      write(Self.line(for: viewModel.itemsState))
    case "down", "up":
      await catalog.setDown(command == "down")
      write("catalog \(command)")
    default:
      write("unknown command '\(command)'; \(Self.help)")
    }
  }

  /// The line that shows the list's state.
  static func line(for state: DataFetchingState<[Item], CatalogError>) -> String {
    switch state {
    case .idle: "items: not loaded"
    case .loading: "items: loading…"
    case .success(let items):
      "items: " + items.map { "#\($0.id) \($0.name)" }.joined(separator: ", ")
    case .failure(let error): "items: failed (\(error))"
    }
  }
}
