-- A specified function's parameter sizes must be named.
-- ==
-- error: non-anonymous sizes
module type summing = {
  val total : []f32 -> f32
}
