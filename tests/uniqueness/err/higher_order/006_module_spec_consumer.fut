-- A consuming function from a module type passed to `map2`.
-- ==
-- error: consuming

module type pool = {
  type slot
  val release : *slot -> i32 -> i32
}

module p : pool = {
  type slot = [2]i32
  def release (s: *slot) (k: i32) : i32 = (s with [0] = k)[1]
}

entry main (slots: *[3]p.slot) : []i32 = map2 p.release slots [1, 2, 3]
