-- A function whose fresh result is inferred unique implements one specified
-- with a unique result; a nested module implements its module
-- specification.
-- ==
module type builder = {
  type~ buf
  val make : i32 -> *buf
  module sub: { type t val zero : t }
}

module b : builder = {
  type~ buf = []i32
  def make (x: i32) = [x, x]
  module sub = { type t = f32 def zero : t = 0 }
}
