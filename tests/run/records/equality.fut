-- Equality (== and !=) on tuples, records (field order irrelevant), nested
-- values with arrays, and sum types.
-- ==
-- entry: main
-- input { 1i32 1i32 }
-- output { true true false true }
-- input { 1i32 2i32 }
-- output { false false true false }

-- ==
-- entry: colors
-- input { 0i32 }
-- output { true false true }
-- input { 1i32 }
-- output { false true true }
-- input { 2i32 }
-- output { false false false }

-- Equality on compound values: tuples, records, sums and arrays.
type color = #red | #green | #blue | #rgb u8 u8 u8

def main (a: i32) (b: i32) =
  ( (a, b) == (b, a)
  , {x = a, y = true} == {y = true, x = b}
  , (a, (b, [a, b])) != (a, (b, [b, a]))
  , [a, b] == [b, a]
  )

entry colors (k: i32) =
  let c : color = if k == 0 then #red else if k == 1 then #rgb 1 2 3 else #blue
  in (c == #red, c == #rgb 1 2 3, c != #blue)
