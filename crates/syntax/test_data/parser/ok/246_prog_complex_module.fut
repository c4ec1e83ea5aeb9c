-- | Complex arithmetic as a functor over a real number module.

module type scalar = {
  type t
  val (+) : t -> t -> t
  val (-) : t -> t -> t
  val (*) : t -> t -> t
  val sqrt : t -> t
  val i32 : i32 -> t
}

module type complex = {
  type real
  type c
  val mk : real -> real -> c
  val re : c -> real
  val im : c -> real
  val add : c -> c -> c
  val mul : c -> c -> c
  val conj : c -> c
  val magnitude : c -> real
}

module mk_complex (R: scalar) : complex with real = R.t = {
  type real = R.t
  type c = (real, real)
  def mk (a: real) (b: real) : c = (a, b)
  def re ((a, _): c) : real = a
  def im ((_, b): c) : real = b
  def add ((a, b): c) ((x, y): c) : c = R.((a + x, b + y))
  def mul ((a, b): c) ((x, y): c) : c = R.((a * x - b * y, a * y + b * x))
  def conj ((a, b): c) : c = (a, R.i32 0 R.- b)
  def magnitude ((a, b): c) : real = R.(sqrt (a * a + b * b))
}

module c32 = mk_complex f32
module c64 = mk_complex f64

-- | Evaluate a polynomial with complex coefficients by Horner's rule.
-- Coefficients are ordered from the constant term upwards.
def horner [n] (coeffs: [n]c64.c) (z: c64.c) : c64.c =
  loop acc = c64.mk 0 0 for k in coeffs[::-1] do c64.add (c64.mul acc z) k

entry poly_eval [n] (re_cs: [n]f64) (im_cs: [n]f64) (x: f64) (y: f64) : (f64, f64) =
  let r = horner (map2 c64.mk re_cs im_cs) (c64.mk x y)
  in (c64.re r, c64.im r)

entry magnitudes [n] (re: [n]f32) (im: [n]f32) : [n]f32 =
  map2 (\a b -> c32.magnitude (c32.mk a b)) re im
