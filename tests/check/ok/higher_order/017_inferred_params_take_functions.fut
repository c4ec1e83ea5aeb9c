-- A parameter of inferred type that nothing restricts may be given a
-- function, as if its type parameter were declared lifted.
-- ==
def feed g v = g v

def compose f g = \x -> f (g x)

def main (n: f32) = feed (feed (f32.max) n) (compose (+ 1) (* 2) n)
