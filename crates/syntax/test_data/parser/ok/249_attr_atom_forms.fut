-- Every form of attribute: name, number, compound, nested, empty.
#[plain]
def a = 1
#[42]
def b = 2
#[group(x, 7, inner(y, z), empty())]
def c = 3
def d (xs: []i32) = #[param(chunk_size)] length xs
def e = #[nested(levels(one(two)))] 5
