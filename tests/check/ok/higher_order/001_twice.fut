-- A function applying its functional argument twice.
-- ==
def twice 'a (f: a -> a) (x: a) = f (f x)
def r = twice (\(x: i32) -> x * 3) 2
