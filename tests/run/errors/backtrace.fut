-- A failure reports where it happened and the calls that led there,
-- through inlined functions and through recursive ones (which are not
-- inlined).
-- ==
-- entry: nested
-- input { [1, 2] 2 }
-- error: Index \[2\] out of bounds.*Backtrace:.*#0  \S*backtrace.fut:23:.*#1  \S*backtrace.fut:25:.*#2  \S*backtrace.fut:28:
-- input { [1, 2] 1 }
-- output { 2 }

-- ==
-- entry: recursive
-- input { 3i64 }
-- error: division by zero.*Backtrace:.*#0  \S*backtrace.fut:31:18-22.*#3  \S*backtrace.fut:31:29-45.*#4  \S*backtrace.fut:33:34-44

-- ==
-- entry: asserted
-- input { -1 }
-- error: Assertion is false: x > 0.*Backtrace:.*#0  \S*backtrace.fut:36:3-18.*#1  \S*backtrace.fut:38:33-39
-- input { 4 }
-- output { 4 }

def pick (xs: []i32) (i: i32) = xs[i]

def through (xs: []i32) (i: i32) = pick xs i

entry nested (xs: []i32) (i: i32) : i32 =
  through xs i

def countdown (n: i64) : i64 =
  if n == 0 then 1 / n else countdown (n - 1)

entry recursive (n: i64) : i64 = countdown n

def check (x: i32) =
  assert (x > 0) x

entry asserted (x: i32) : i32 = check x
