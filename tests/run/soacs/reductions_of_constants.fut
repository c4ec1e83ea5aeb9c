-- Reductions whose mapped values are constants, so that a work-item's
-- folded value is one constant or another depending only on whether it
-- folded any element; an OpenCL driver (PoCL 3.1) lost that value across
-- the work-group's barrier, giving the neutral element for one element.
-- ==
-- entry: all_false any_true
-- input { [9i32] }
-- output { false }
-- input { [9i32, 8i32] }
-- output { false }
-- input { [9i32, 8i32, 7i32] }
-- output { false }
-- input { empty([0]i32) }
-- output { true }

-- ==
-- entry: larger_of_sevens
-- input { [9i32] }
-- output { 7i32 }
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { 7i32 }
-- input { empty([0]i32) }
-- output { 0i32 }

-- ==
-- entry: rows_all_false
-- input { [[9i32]] }
-- output { [false] }
-- input { [[9i32], [8i32]] }
-- output { [false, false] }
-- input { [[9i32, 8i32, 7i32]] }
-- output { [false] }
-- input { empty([3][0]i32) }
-- output { [true, true, true] }

-- ==
-- entry: many_all_false
-- input { 1i64 }
-- output { false }
-- input { 1000i64 }
-- output { false }
-- input { 0i64 }
-- output { true }

entry all_false (xs: []i32) = and (map (\_ -> false) xs)

entry any_true (xs: []i32) = !(or (map (\_ -> true) xs))

entry larger_of_sevens (xs: []i32) =
  reduce (\a b -> if a > b then a else b) 0 (map (\_ -> 7i32) xs)

entry rows_all_false (xss: [][]i32) = map (\xs -> and (map (\_ -> false) xs)) xss

entry many_all_false (n: i64) = and (map (\i -> i < 0) (iota n))
