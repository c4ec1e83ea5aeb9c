-- Polymorphic and size-polymorphic operators need the prefix form.
def (<+>) [n] (xs: [n]i32) (ys: [n]i32) : [n]i32 = map2 (+) xs ys
def (*-) 't (x: t) (_: t) : t = x
def (&&&) 'a 'b 'c (f: a -> b) (g: a -> c) : a -> (b, c) = \x -> (f x, g x)
def both = [1, 2] <+> [3, 4]
