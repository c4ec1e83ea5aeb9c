-- A specification's unique tuple result is met by a result with a unique
-- part: as upstream, a result is unique when any part of it is.

module type store = {
  type store [n]
  val touch [n] [u] : *store [n] -> [u]i64 -> *(store [n], [u]i64)
}

module arrays : store = {
  type store [n] = {cells: [n]i64}
  def touch [n] [u] (s: *store [n]) (is: [u]i64) : (*store [n], [u]i64) =
    (s, map (+ 1) is)
}
