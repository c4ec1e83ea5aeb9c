-- Function application is left-associative juxtaposition.
def add3 (a: i32) (b: i32) (c: i32) = a + b + c
def partial = add3 1
def full = add3 1 2 3
def nested = add3 (add3 1 2 3) (partial 4 5) 6
def with_fields (p: {a: i32, b: i32}) = add3 p.a p.b 0
