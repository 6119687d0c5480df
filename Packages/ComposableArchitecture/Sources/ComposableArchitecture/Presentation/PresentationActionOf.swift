/// The ``PresentationAction`` of a presented reducer: `case destination(PresentationActionOf<Destination>)`.
public typealias PresentationActionOf<R: Reducer> = PresentationAction<R.Action>
