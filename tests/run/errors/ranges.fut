-- Range expressions a..<b, a...b and a..b...c; an upwards exclusive range
-- whose end lies before its start is a run-time error.
-- ==
-- entry: main
-- input { 3i32 1i32 }
-- error: Range 3\.\.<1 is invalid
-- input { 1i32 4i32 }
-- output { [2i32, 4i32, 6i32] }
-- input { 2i32 2i32 }
-- output { empty([0]i32) }

-- ==
-- entry: inclusive
-- input { 1i32 3i32 }
-- output { [1i32, 2i32, 3i32] }
-- input { 2i32 2i32 }
-- output { [2i32] }

-- ==
-- entry: stepped
-- input { 1i32 3i32 8i32 }
-- output { [1i32, 3i32, 5i32, 7i32] }
-- input { 10i32 7i32 0i32 }
-- output { [10i32, 7i32, 4i32, 1i32] }
-- input { 0i32 5i32 5i32 }
-- output { [0i32, 5i32] }

def main (a: i32) (b: i32) = map (* 2) (a..<b)

entry inclusive (a: i32) (b: i32) = a...b

entry stepped (a: i32) (b: i32) (c: i32) = a..b...c
