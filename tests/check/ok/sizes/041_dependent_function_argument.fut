-- A function whose result size is its parameter may be passed on whole,
-- or applied by the higher-order function: its size stays bound.
-- ==

def zeros (k: i64) : [k]f32 = replicate k 0

def keep '^a (f: a) : a = f

def apply_to '^a '^b (f: a -> b) (x: a) : b = f x

def again = keep zeros

def five = apply_to zeros 5

def main (n: i64) = length (again n) + length five
