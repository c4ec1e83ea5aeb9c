-- | Computes the arithmetic mean of an array.
--
-- The array must not be empty.  Continuation lines
-- use ordinary comment markers.
def mean [n] (xs: [n]f64) : f64 =
  f64.sum xs / f64.i64 n

-- | A single-line doc comment
-- | followed by another doc line.
def count = 3
