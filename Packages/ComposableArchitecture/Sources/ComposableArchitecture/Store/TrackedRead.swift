/// One read made by a ``StoreObserver``'s body: which read of a store it was, and the version
/// of its value the body saw.
///
/// A plain pair, with no value in it: the store's core keeps each observed value once, however
/// many observers read it, and counts its changes (see ``StateObservation/version``), so telling
/// whether the body would now see something else is one comparison of integers.
struct TrackedRead {
  let observation: StateObservation
  var version: Int
}
