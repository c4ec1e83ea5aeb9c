-- Refining a type inside a nested module spec.
module type inner = { type t }
module type outer = {
  module sub : inner
  val get : sub.t
}
module type concrete_outer = outer with sub.t = i32
module type paren_refine = (outer with sub.t = f64)
