-- Polymorphic functions, size parameters bound from argument shapes,
-- functions whose result size depends on their argument.
-- ==
-- entry: main
-- input { 3i32 1.5f32 }
-- output { 3i32 3i32 1.5f32 true }

-- ==
-- entry: sizes
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { 2i64 3i64 }
-- input { empty([0][7]i32) }
-- output { 0i64 7i64 }

-- ==
-- entry: dots
-- input { [1.0f32, 2.0f32, 3.0f32] }
-- output { 28.0f32 }

-- ==
-- entry: lasts
-- input { [1i32, 2i32] [true, false] }
-- output { 2i32 false }
-- input { empty([0]i32) empty([0]bool) }
-- output { 0i32 false }

-- ==
-- entry: sized
-- input { 3i64 }
-- output { [0i64, 2i64, 4i64] 4i64 }
-- input { 0i64 }
-- output { empty([0]i64) 1i64 }

-- Polymorphic functions instantiated at several types, and size-parameterised ones.
def pair 'a (x: a) = (x, x)

def first 'a 'b (p: (a, b)) : a = p.0

def lengths [n] [m] 'a (_: [n][m]a) = (n, m)

def dot [n] (xs: [n]f32) (ys: [n]f32) = f32.sum (map2 (*) xs ys)

def last_or 'a [n] (d: a) (xs: [n]a) = if n == 0 then d else xs[n - 1]

def main (x: i32) (y: f32) = (pair x, first (y, x), first (pair true))

entry sizes (m: [][]i32) = lengths m

entry dots (xs: []f32) = dot xs (map (* 2) xs)

entry lasts (xs: []i32) (bs: []bool) = (last_or 0 xs, last_or false bs)

-- A function whose result size depends on its argument.
def evens (n: i64) : []i64 = map (* 2) (iota n)

entry sized (n: i64) = (evens n, length (evens (n + 1)))
