-- Array literals of various element types.
def ints = [1, 2, 3, 4]
def floats = [0.5f32, 1.5, 2.5]
def bools = [true, false]
def exprs = [1 + 2, 3 * 4, f32.i32 5 |> i32.f32]
def single = [42]
