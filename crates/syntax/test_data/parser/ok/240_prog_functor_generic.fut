-- | Generic reductions parameterised over a monoid module.

module type monoid = {
  -- | The carrier type.
  type t
  -- | An associative operator.
  val op : t -> t -> t
  -- | The neutral element of op.
  val ne : t
}

module type summary = {
  type t
  val combine [n] : [n]t -> t
  val running [n] : [n]t -> [n]t
}

-- | Build reductions from any monoid.
module summarise (M: monoid) : summary with t = M.t = {
  type t = M.t
  def combine [n] (xs: [n]t) : t = reduce M.op M.ne xs
  def running [n] (xs: [n]t) : [n]t = scan M.op M.ne xs
}

module sum_i32 : monoid with t = i32 = {
  type t = i32
  def op (a: i32) (b: i32) = a + b
  def ne = 0i32
}

module max_f32 : monoid with t = f32 = {
  type t = f32
  def op (a: f32) (b: f32) = f32.max a b
  def ne = f32.lowest
}

-- | The product of two monoids is again a monoid.
module pair_monoid (A: monoid) (B: monoid) : monoid with t = (A.t, B.t) = {
  type t = (A.t, B.t)
  def op ((a1, b1): t) ((a2, b2): t) : t = (A.op a1 a2, B.op b1 b2)
  def ne : t = (A.ne, B.ne)
}

module sums = summarise sum_i32
module maxes = summarise max_f32
module both = summarise (pair_monoid sum_i32 max_f32)

entry total (xs: []i32) : i32 = sums.combine xs

entry peak (xs: []f32) : f32 = maxes.combine xs

entry running_peak (xs: []f32) : []f32 = maxes.running xs

entry total_and_peak [n] (xs: [n]i32) (ys: [n]f32) : (i32, f32) =
  both.combine (zip xs ys)
