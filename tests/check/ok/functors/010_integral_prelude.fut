-- A functor over the prelude's integral module type, applied to u8 and i64.
-- ==
module bits (I: integral) = {
  def low (x: I.t) = x I.& I.i32 1
}
module b8 = bits u8
module b64 = bits i64
def r = (b8.low 3u8, b64.low 4i64)
