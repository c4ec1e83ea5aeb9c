-- Operator precedence and associativity (** is left-associative; bitwise
-- operators bind more loosely than arithmetic ones), user-defined operators,
-- operator sections of them, |> and <| pipelines, backticked functions.
-- ==
-- entry: main
-- input { 1i32 }
-- output { 8i32 7i32 6i32 5i32 true 121i32 21i32 6i32 }
-- input { 2i32 }
-- output { 64i32 6i32 12i32 4i32 false 122i32 22i32 3i32 }

-- ==
-- entry: sections
-- input { [1i32, 2i32, 3i32] }
-- output { [11i32, 21i32, 31i32] [11i32, 12i32, 13i32] 123i32 6i32 6i32 }

-- ==
-- entry: pipes
-- input { [1i32, 2i32, 3i32] }
-- output { 9i32 13i32 18i32 7i32 }
-- input { [10i32] }
-- output { 11i32 21i32 30i32 10i32 }

-- User-defined operators take the precedence and associativity of their
-- leading character; `<+>` behaves like a comparison operator.
def (x: i32) <+> (y: i32) = x * 10 + y

def (a: i32, b: i32) +^ (c: i32, d: i32) = (a + c, b + d)

def main (x: i32) =
  ( 2 ** 3 ** x
  , 2 * 3 | x
  , 1 + 2 << x
  , 8 - 2 - x
  , 5 & 3 == x
  , 1 <+> 2 <+> x
  , 1 + 1 <+> x
  , 20 / 3 / x
  )

entry sections (xs: []i32) = (map (<+> 1) xs, map (1 <+>) xs, foldl (<+>) 0 xs, reduce (+^) (0, 0) (zip xs xs))

entry pipes (xs: []i32) =
  ( xs |> map (+ 1) |> i32.sum
  , (+ 1) <| (* 2) <| i32.sum xs
  , i32.sum <| map (* 3) xs
  , 7 `i32.max` i32.sum xs
  )
