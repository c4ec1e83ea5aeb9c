-- Arrows in parameter types, with and without parentheses.
def apply_fn (f: i32 -> i32 -> i32) (x: i32) = f x x
def takes_fn (g: (f32 -> f32) -> f32) = g (\x -> x)
def returns (h: bool -> (i32 -> i32)) = h true 1
def poly 'a 'b (k: a -> b) (xs: []a) : []b = map k xs
