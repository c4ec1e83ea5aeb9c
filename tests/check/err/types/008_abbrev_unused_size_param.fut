-- A type abbreviation must use its size parameters.
-- ==
-- error: Size parameter "\[w\]" unused
type row [w] = f64
