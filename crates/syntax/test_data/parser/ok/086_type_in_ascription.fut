-- Types appearing in expression ascriptions.
def empty_floats = [] : []f32
def as_pair = (1, 2) : (i64, i64)
def as_rec = {a = 1} : {a: u8}
def nested_asc = ((3 : i16) + 4) : i16
