-- Left sections: the operator with its first operand.
def from_ten (xs: []i32) = map (10 -) xs
def reciprocals (xs: []f32) = map (1 /) xs
def is_small (xs: []i32) = map (3 >) xs
def prepend (xs: [][]i32) = map ([0] ++) xs
def pow2 (xs: []i32) = map (2 **) xs
