-- A size-lifted abstract type may not stand for an unlifted type
-- parameter: its values may differ in size, so they cannot share an
-- array.
-- ==
-- error: Type "ragged.bag" is lifted and cannot be an array element

module type bag = {
  type~ bag
  val fill : i64 -> bag
}

module ragged : bag = {
  type~ bag = ?[k].[k]u8
  def fill (k: i64) = replicate k 0u8
}

def twice 'x (v: x) : (x, x) = (v, v)

entry main (k: i64) = twice (ragged.fill k)
