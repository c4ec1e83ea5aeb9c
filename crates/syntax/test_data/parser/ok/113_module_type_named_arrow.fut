-- Named parameters in module type arrows.
module type elem = { type t }
module type container = { type c val count : c -> i64 }
module type builder = (E: elem) -> container with c = []E.t
module type two_step = (A: elem) -> (B: elem) -> { val pair : (A.t, B.t) -> i32 }
module type spec_with_functor = {
  module f : (X: elem) -> container
}
