-- Functions with untyped parameters.
def inc x = x + 1
def add x y = x + y
def compose3 f g h x = f (g (h x))
def apply_twice f x = f (f x)
