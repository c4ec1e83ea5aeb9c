-- Abstract types of a parameter instantiate type parameters that are at
-- least as lifted as they are.

module runner (P: {
  type cell
  type~ row
  type^ action
  val cell : i32 -> cell
  val row : i64 -> row
  val action : i32 -> action
}) = {
  def keep_any '^s (v: s) : s = v
  def keep_sized '~s (v: s) : s = v
  def cells (n: i64) = replicate n (P.cell 0)
  def rows (n: i64) = keep_sized (P.row n)
  def act = keep_any (P.action 1)
  def copied = copy (P.cell 2)
}

module m = runner {
  type cell = i32
  type~ row = ?[k].[k]i32
  type^ action = i32 -> i32
  def cell (x: i32) = x
  def row (n: i64) = iota n |> map i32.i64
  def action (x: i32) = (+ x)
}

entry main (n: i64) = (m.cells n, m.rows n, m.act 3, m.copied)
