-- A consuming definition passed to a higher-order function.
-- ==
-- error: incompatible regarding consuming their arguments

def on_both 'a 'b (f: a -> b) (p: (a, a)) : (b, b) = (f p.0, f p.1)

def wipe (xs: *[]u8) : *[]u8 = map (\_ -> 0) xs

def main (a: *[]u8) (b: *[]u8) : ([]u8, []u8) = on_both wipe (a, b)
