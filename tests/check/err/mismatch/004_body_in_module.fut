-- A module member returns f64 where f32 was declared.
-- ==
-- error: Actual: +f64
module m = {
  def half (x: f64) : f32 = x / 2
}
