-- A punned field repeats an explicitly defined field inside a module.
-- ==
-- error: Field "k" previously defined
module m = {
  def mk (k: i64) = {k, k = k + 1}
}
