-- Trailing commas in every comma-separated construct.
def arr = [1, 2, 3,]
def tup = (1, 2,)
def rec = {a = 1, b = 2,}
def pat_tuple (x, y,) = x + y
def pat_rec {a, b,} = a - b
def idx (m: [][]i32) = m[0, 1,]
type t = (i32, bool,)
type r = {x: f32,}
