/// The ``Effect`` a reducer returns: `func reduce(into:action:) -> EffectOf<Self>`.
public typealias EffectOf<R: Reducer> = Effect<R.Action>
