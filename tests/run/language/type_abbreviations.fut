-- Type abbreviations: parametric, with size parameters, sum and record types.
-- ==
-- entry: main
-- input { 1i32 2i32 }
-- output { 2i32 1i32 [true] 1i32 }
-- input { -3i32 -5i32 }
-- output { -5i32 -3i32 [false] 0i32 }

-- ==
-- entry: tr
-- input { [[1.0f32, 2.0f32], [3.0f32, 4.0f32]] }
-- output { 5.0f32 }
-- input { empty([0][0]f32) }
-- output { 0.0f32 }

-- Type abbreviations, parametric abbreviations and abbreviations with sizes.
type pair 'a = (a, a)
type matrix [n][m] = [n][m]f32
type maybe 'a = #just a | #nothing
type~ nested = {p: pair i32, tags: []bool}

def swap 'a (p: pair a) : pair a = (p.1, p.0)

def trace_of [n] (m: matrix [n] [n]) = f32.sum (map (\i -> m[i, i]) (iota n))

def from_maybe 'a (d: a) (m: maybe a) = match m case #just x -> x case #nothing -> d

def main (a: i32) (b: i32) =
  let n : nested = {p = (a, b), tags = [a < b]}
  in (swap n.p, n.tags, from_maybe 0 (if a > 0 then #just a else #nothing))

entry tr (m: [][]f32) = trace_of m
