-- Several entry points in one file; one block tests three entry points on
-- the same runs; entry points calling each other.
-- ==
-- entry: sum_loop sum_reduce sum_scan
-- input { [1i32, 2i32, 3i32] }
-- output { 6i32 }
-- input { empty([0]i32) }
-- output { 0i32 }
-- input { [-5i32, 5i32, 10i32] }
-- output { 10i32 }

-- ==
-- entry: double
-- input { 21i32 }
-- output { 42i32 }

-- ==
-- entry: quadruple
-- input { 3i32 }
-- output { 12i32 }
-- input { -1i32 }
-- output { -4i32 }

-- ==
-- entry: use_helper
-- input { 2i32 }
-- output { 9i32 }

entry sum_loop (xs: []i32) = loop acc = 0 for x in xs do acc + x

entry sum_reduce (xs: []i32) = reduce (+) 0 xs

entry sum_scan (xs: []i32) = if length xs == 0 then 0 else last (scan (+) 0 xs)

entry double (x: i32) = x * 2

-- Entry points are ordinary functions too.
entry quadruple (x: i32) = double (double x)

def helper (x: i32) = x + 1

entry use_helper (x: i32) = helper x * helper x
