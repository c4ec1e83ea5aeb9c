-- A range between two arbitrary bounds has an unknown size.
-- ==
def between (a: i64) (b: i64) = a..<b
def width (a: i64) (b: i64) = length (between a b)
