-- Updating a field inside a nested record.
type inner = {num: i32, flag: bool}
type outer = {left: inner, right: inner}
def set_left (o: outer) : outer = o with left.num = 10
def clear (o: outer) : outer = o with right.flag = false
def deep (r: {a: {b: {c: f32}}}) = r with a.b.c = 1.0
