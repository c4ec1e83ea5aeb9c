-- Parametric type members are compared with their parameters matched by
-- position, whatever names each side gives them, and values are checked
-- through them.
-- ==
module type pairs = {
  type pair 'a 'b = (a, b)
  type vec [n] 't
  type box 't = vec [2] t
  val mk 'a 'b : a -> b -> pair a b
  val two 't : t -> box t
  val flip [n] 't : vec [n] t -> vec [n] t
}

module m : pairs = {
  type pair 'x 'y = (x, y)
  type vec [m] 'e = [m]e
  type box 'u = [2]u
  def mk 'p 'q (x: p) (y: q) : (p, q) = (x, y)
  def two 't (x: t) : [2]t = [x, x]
  def flip [k] 'v (xs: [k]v) : [k]v = xs[::-1]
}
