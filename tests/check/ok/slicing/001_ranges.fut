-- Slices with start, end, or both.
-- ==
def xs = [1, 2, 3, 4, 5]
def mid = xs[1:3]
def rest = xs[2:]
def front = xs[:2]
