-- Automatic differentiation with jvp and vjp on scalar, array and tuple
-- functions.
-- ==
-- entry: main
-- input { 0.0f64 }
-- output { 2.0f64 2.0f64 }
-- input { 2.0f64 }
-- output { 14.0f64 14.0f64 }
-- input { -1.5f64 }
-- output { 8.75f64 8.75f64 }

-- ==
-- entry: grad
-- input { [1.0f64, -2.0f64, 3.0f64] }
-- output { [2.0f64, -4.0f64, 6.0f64] }

-- ==
-- entry: partials
-- input { 2.0f64 0.5f64 }
-- output { 0.479425538604203f64 1.7551651237807455f64 }

-- Automatic differentiation: forward mode (jvp) and reverse mode (vjp).
def f (x: f64) = x * x * x + 2 * x

def main (x: f64) = (jvp f x 1, vjp f x 1)

-- Gradient of a function of an array.
entry grad (xs: []f64) = vjp (\ys -> f64.sum (map (\y -> y * y) ys)) xs 1

entry partials (x: f64) (y: f64) =
  let g (a, b) = a * f64.sin b
  in (jvp g (x, y) (1, 0), jvp g (x, y) (0, 1))
