/// The root store type of a reducer: `StoreOf<SearchFeature.Reducer>` is
/// `ReducerStore<SearchFeature.State, SearchFeature.Action>`.
public typealias StoreOf<R: Reducer> = ReducerStore<R.State, R.Action>
