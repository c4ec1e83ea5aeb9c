-- A parametric module whose body is its parameter: its members are its
-- result module type's.
-- ==
module type poly = {val twice 'a : (a -> a) -> a -> a}

module same (P: poly) : poly = P

module impl = same { def twice 'a (f: a -> a) (x: a) = f (f x) }

def nine = impl.twice (\(x: i32) -> x + 1) 7
