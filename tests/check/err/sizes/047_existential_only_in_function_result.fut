-- An existential size must be the size of an array the value has; one
-- found only in the result of a function type is told by no value.
-- ==
-- error: Existential size "k" not used as array size
def make : i64 -> ?[k].(x: f32) -> [k]f32 =
  \n (x: f32) -> replicate n x
