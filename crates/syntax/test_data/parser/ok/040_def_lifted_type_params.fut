-- Size-lifted and fully lifted type parameters.
def apply '^f_t 'r (f: f_t -> r) (x: f_t) : r = f x
def pass_through '~s (x: s) : s = x
def compose '^a '^b '^c (f: b -> c) (g: a -> b) : a -> c = \x -> f (g x)
def mixed [n] 'a '~b '^c (xs: [n]a) (y: b) (z: c) = (xs, y, z)
