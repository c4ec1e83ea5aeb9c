-- Functors written as explicit module lambdas.
module type elem = { type t val dflt : t }
module maker = \(E: elem) -> {
  def pair : (E.t, E.t) = (E.dflt, E.dflt)
}
module applied = maker { type t = bool def dflt = false }
