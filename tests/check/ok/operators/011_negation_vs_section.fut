-- (-x) is negation; subtracting a constant uses a lambda or flip (-).
-- ==
def neg (x: i32) = (-x)
def minus_one [n] (xs: [n]i32) = map (\y -> y - 1) xs
def sub_from [n] (xs: [n]i32) = map (flip (-) 1) xs
