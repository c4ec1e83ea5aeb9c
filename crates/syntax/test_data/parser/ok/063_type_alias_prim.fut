-- Type abbreviations for primitive types.
type index = i64
type weight = f32
type flag = bool
type byte = u8
def default_weight : weight = 1.0
