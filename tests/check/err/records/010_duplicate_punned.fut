-- A punned field repeats an explicitly defined field inside a module.
-- ==
-- error: Field "k" defined more than once
module m = {
  def mk (k: i64) = {k, k = k + 1}
}
