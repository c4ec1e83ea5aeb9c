-- Chained numeric projections on nested tuples.
def nested = ((1, 2), (3, (4, 5)))
def two = nested.0.1
def three = nested.1.0
def five = nested.1.1.1
def pick (m: ((i32, i32), (i32, i32))) = m.0.0 + m.1.1
