-- A size given as the argument of an abstract type is given by the value.
-- ==
module sized : { type buf [n] val len [n] : buf [n] -> i64 } = {
  type buf [n] = [n]u8
  def len [n] (_: buf [n]) = n
}
entry length_of [n] (b: sized.buf [n]) = sized.len b
