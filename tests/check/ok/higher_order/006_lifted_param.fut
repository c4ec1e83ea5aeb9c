-- A fully lifted type parameter instantiated with a function type.
-- ==
def pair_up '^a (x: a) (y: a) = (x, y)
def fs = pair_up (\(x: i32) -> x + 1) (\x -> x - 1)
def r = fs.0 (fs.1 5)
