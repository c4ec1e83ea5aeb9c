-- all and any (true/false on empty input), sequential foldl and foldr.
-- ==
-- entry: main
-- input { [1i32, 2i32, 6i32] }
-- output { true true false }
-- input { [-1i32, 8i32] }
-- output { false true false }
-- input { empty([0]i32) }
-- output { true false true }
-- input { [2i32, 4i32] }
-- output { true false true }

-- ==
-- entry: folds
-- input { [1i32, 2i32, 3i32] }
-- output { 123i32 321i32 }
-- input { [4i32] }
-- output { 4i32 4i32 }
-- input { empty([0]i32) }
-- output { 0i32 0i32 }

-- ==
-- entry: fold_list
-- input { [1i32, 2i32, 3i32] }
-- output { 6i64 }

def main (xs: []i32) = (all (> 0) xs, any (> 5) xs, all (\x -> x % 2 == 0) xs)

entry folds (xs: []i32) = (foldl (\acc x -> acc * 10 + x) 0 xs, foldr (\x acc -> acc * 10 + x) 0 xs)

-- An array accumulator keeps its size: `b -> a -> b` preserves sizes.
entry fold_list (xs: []i32) =
  foldl (\acc x -> if x % 2 == 0 then [acc[0] + 2, acc[1]] else [acc[0], acc[1] + 2]) [0i64, 0i64] xs
  |> i64.sum
