-- A value whose specification gives it size parameters is computed anew
-- at each use, seen through a module type as through its definition: a
-- function's result may alias it.
-- ==

module type tables = {
  val blank [n] : [n]i64
  val pass : (n: i64) -> (xs: [n]i64) -> [n]i64
}

module zeros : tables = {
  def blank [n] : [n]i64 = replicate n 0
  def pass (n: i64) (xs: [n]i64) : [n]i64 = xs :> [n]i64
}

module sevens (P: {val fill : i64}) : tables = {
  def blank [n] : [n]i64 = replicate n P.fill
  def pass (n: i64) (xs: [n]i64) : [n]i64 = xs
}

module seven = sevens {def fill = 7i64}

def main (n: i64) : ([n]i64, [n]i64) = (zeros.pass n zeros.blank, seven.pass n seven.blank)
