-- A function returning an alias of its argument does not implement one
-- specified with a unique result.
-- ==
-- error: val pass \[n\] : \[n\]u8 -> \*\[n\]u8
module m : { val pass [n] : [n]u8 -> *[n]u8 } = {
  def pass [n] (xs: [n]u8) : [n]u8 = xs
}
