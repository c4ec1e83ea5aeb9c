-- Equality on tuples, records and arrays.
-- ==
def same (a: (i32, bool)) (b: (i32, bool)) = a == b
def same_rec (a: {x: f32}) (b: {x: f32}) = a != b
def arr_eq = [1, 2, 3] == [1, 2, 3]
