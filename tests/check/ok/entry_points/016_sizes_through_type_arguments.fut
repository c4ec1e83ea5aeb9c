-- Sizes in type arguments of a type abbreviation, and size arguments of
-- an abstract type, are told by the value.

type pair 'a = (a, a)

module grid : {
  type~ cells [n]
  val blank : (n: i64) -> cells [n]
} = {
  type~ cells [n] = [n]u8
  def blank (n: i64) = replicate n 0u8
}

entry halves [h] (p: pair ([h]i64)) : i64 = h + length p.1

entry width [n] (_: grid.cells [n]) : i64 = n

def rows [n] (xs: [n]i64) : i64 =
  let [r] (_: pair ([r]i64)) = (xs, xs)
  in r
