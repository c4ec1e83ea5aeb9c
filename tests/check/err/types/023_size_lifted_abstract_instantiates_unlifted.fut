-- A size-lifted abstract type may hide arrays of different sizes, so it
-- cannot instantiate an unlifted type parameter (here `copy`'s).
-- ==
-- error: Type "ragged\.row" is lifted and cannot be an array element

module ragged : {
  type~ row
  val mk : i64 -> row
} = {
  type~ row = ?[n].[n]f32
  def mk (n: i64) = replicate n 0f32
}

def dup (n: i64) = copy (ragged.mk n)
