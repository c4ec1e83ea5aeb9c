-- Tuples are records with numeric field names.
def triple = (1i32, 2.0f32, true)
def first = triple.0
def second = triple.1
def third = triple.2
def swap (p: (i32, i32)) = (p.1, p.0)
