import ReductorReactor
import Terminal

// A terminal list of items: `load` fetches the list (loading, then the items or the failure),
// `add NAME` adds to the catalog, whose change announcement reloads the list through the view
// model's subscription, `open ID` navigates to a detail and `back` returns, `down` and `up`
// make the catalog fail or answer. Works with piped input:
// printf 'add fig\nopen 4\nback\ndown\nload\nq\n' | swift run items
// With --log, every event and state is logged (debug builds): swift run items --log

let catalog = Catalog(items: ["apple", "banana", "cherry"])
let viewModel = ItemsViewModel(catalog: catalog)
if CommandLine.arguments.dropFirst().contains("--log") {
  viewModel.logging()
}
let program = ItemsProgram(viewModel: viewModel, catalog: catalog, write: { print($0) })
await program.run(Terminal.events())
