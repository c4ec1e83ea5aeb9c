-- Constant indices into a literal array.
-- ==
def xs = [10, 20, 30]
def a = xs[0] + xs[2]
