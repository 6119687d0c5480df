import ComposableArchitecture

/// A test store for the reducer `R`: `TestStoreOf<Counter>` is
/// `TestStore<Counter.State, Counter.Action>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable
