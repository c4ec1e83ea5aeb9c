-- An abbreviation with both a size and a type parameter.
-- ==
type two_vecs [n] 't = ([n]t, [n]t)
type two_intvecs [n] = two_vecs [n] i32
def x : two_intvecs [2] = (iota 2 |> map i32.i64, replicate 2 0)
