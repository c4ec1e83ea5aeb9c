-- A functor over the prelude's numeric module type, applied to f32.
-- ==
module stats (N: numeric) = {
  def sum [n] (xs: [n]N.t) = reduce (N.+) (N.i32 0) xs
  def mean [n] (xs: [n]N.t) = sum xs N./ N.i64 n
}
module sf = stats f32
def m = sf.mean [1, 2, 3]
