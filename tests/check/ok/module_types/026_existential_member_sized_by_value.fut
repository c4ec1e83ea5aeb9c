-- A type member defined with an existential size stands, in the module
-- type's specifications, for a value of any size: also one computed from
-- a value the module type specifies.

module type blocks = {
  type~ mat [n]
  val width : i64
  val eye : (n: i64) -> mat [n]
}

module mk_blocks (X: { val width : i64 }) : blocks = {
  def width = X.width
  type~ mat [n] = ?[nz].{ n: [n](), blocks: [nz][width]f32 }
  def eye (n: i64) : mat [n] =
    { n = replicate n (), blocks = replicate (n / width) (replicate width 1) }
}

module b4 = mk_blocks { def width = 4i64 }
