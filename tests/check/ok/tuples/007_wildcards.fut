-- Wildcards in tuple patterns ignore components.
-- ==
def second (_, b, _) : f64 = b
def r = second (true, 2.0, 'c')
def s = let (_, y) = (1, 2) in y
