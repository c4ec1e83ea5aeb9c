-- assert fails at run time when its condition is false, and otherwise
-- returns its second argument.
-- ==
-- entry: main
-- input { 0i32 }
-- error: Assertion is false
-- input { 4i32 }
-- output { 8i32 }

-- ==
-- entry: in_map
-- input { [1i32, 2i32, 3i32] }
-- error: Assertion is false
-- input { [1i32, 2i32] }
-- output { [2i32, 3i32] }

-- ==
-- entry: nested
-- input { -1.0f64 }
-- error: Assertion is false
-- input { 4.0f64 }
-- output { 3.0f64 }

def main (x: i32) = assert (x > 0) (x * 2)

entry in_map (xs: []i32) = map (\x -> assert (x != 3) (x + 1)) xs

def checked_sqrt (x: f64) = assert (x >= 0) (f64.sqrt x)

entry nested (x: f64) = checked_sqrt x + 1
