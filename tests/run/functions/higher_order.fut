-- Higher-order functions: passing and composing functions, partial
-- application, operator sections (left, right, backticked), |>, >->, <-<,
-- lambdas capturing variables, flip/curry/uncurry.
-- ==
-- entry: main
-- input { 1i32 }
-- output { 7i32 16i32 11i32 6i32 0i32 3i32 4i32 0i32 0i32 }
-- input { -4i32 }
-- output { 2i32 -64i32 -39i32 1i32 -10i32 -7i32 -6i32 5i32 -2i32 }
-- input { 10i32 }
-- output { 16i32 160i32 101i32 15i32 18i32 21i32 22i32 -9i32 5i32 }

-- ==
-- entry: sections
-- input { [0i32, 1i32, 3i32] }
-- output { [1i32, 2i32, 8i32] [0i32, 1i32, 9i32] [100i32, 101i32, 103i32] [100i32, 101i32, 103i32] }

-- ==
-- entry: capture
-- input { 3i32 [1i32, 2i32, -1i32] }
-- output { [9i32, 15i32, -3i32] }

-- ==
-- entry: flip_curry
-- input { 10i32 3i32 }
-- output { -7i32 30i32 7i32 }

def twice 'a (f: a -> a) (x: a) = f (f x)

def compose 'a 'b 'c (f: b -> c) (g: a -> b) (x: a) = f (g x)

def add (x: i32) (y: i32) = x + y

def main (x: i32) =
  ( twice (+ 3) x
  , twice (twice (* 2)) x
  , compose (+ 1) (* 10) x
  , (add 5) x
  , x |> (\y -> y - 1) |> (* 2)
  , ((* 2) >-> (+ 1)) x
  , ((* 2) <-< (+ 1)) x
  , (1 -) x
  , (/ 2) x
  )

entry sections (xs: []i32) = (map (2 **) xs, map (** 2) xs, map (`add` 100) xs, map (100 `add`) xs)

entry capture (k: i32) (xs: []i32) =
  let scale = k * 2
  let f = \x -> x * scale + k
  in map f xs

entry flip_curry (a: i32) (b: i32) = (flip (-) a b, curry (\(p, q) -> p * q) a b, uncurry (-) (a, b))
